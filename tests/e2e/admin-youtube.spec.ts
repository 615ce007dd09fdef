// YouTube import: the creator opens /admin → Content → YouTube import
// (the handle prefilled from the settings), sees an unknown handle fail with the server's reason,
// Imports the fake channel (tests/fakes/youtube, started by global-setup) and finds its videos.
import { fakeYoutube } from '../fakes/youtube/control'
import { admin, expect, expectToast, loginViaApi, open, SHOTS_DIR, test } from './fixtures'

test.use({ actionTimeout: 30_000 })

test('an admin imports a channel from the YouTube import panel and sees the result', async ({ page }) => {
  await loginViaApi(page, admin().username, admin().password)
  const channelVideos = await fakeYoutube().videos('@e2echannel')
  try {
    await open(page, '/admin/content/youtube-import')

    const handle = page.getByLabel('Channel handle')
    // Prefilled with the default handle: the site setting the seed wrote.
    await expect(handle).toHaveValue('@voicesofjustice')

    await handle.fill('   ')
    await page.getByRole('button', { name: 'Import Videos' }).click()
    await expect(page.getByText('Please enter a channel handle')).toBeVisible()

    await handle.fill('@nosuchfakechannel')
    await page.getByRole('button', { name: 'Import Videos' }).click()
    await expectToast(page, 'Import Failed', 'No YouTube channel has the handle @nosuchfakechannel. Nothing was changed.', { destructive: true })
    const status = page.getByTestId('youtube-sync-status')
    await expect(status.getByText('Failed', { exact: true })).toBeVisible()

    await handle.fill('@e2echannel')
    await handle.press('Enter')
    await expectToast(page, 'Import Complete', 'Imported 3 of 3 videos from E2E Channel.')
    await expect(status.getByText('Succeeded', { exact: true })).toBeVisible()
    await expect(status.getByText('3 of 3 videos imported or updated.')).toBeVisible()
    await page.screenshot({ path: `${SHOTS_DIR}/admin-youtube-import.png`, fullPage: true })

    // The imported video has its page.
    const [newest] = channelVideos
    await open(page, `/video/${newest!.id}`)
    await expect(page.getByRole('heading', { level: 1, name: newest!.title })).toBeVisible()
  } finally {
    // The other specs count the seeded catalogue: the imported videos go again.
    const where = channelVideos.map((v, i) => `where[videoId][in][${i}]=${encodeURIComponent(v.id)}`).join('&')
    const removed = await page.request.delete(`/cms/api/videos?${where}`, { headers: { origin: process.env.E2E_BASE_URL! } })
    expect(removed.status()).toBe(200)
  }
})
