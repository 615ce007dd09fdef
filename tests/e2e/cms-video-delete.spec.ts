// The creator deletes a video that has comments from /cms: it goes, with its comments, and its
// page and comments answer 404 afterwards.
import { randomBytes } from 'node:crypto'

import { expect, test } from './fixtures'
import { cmsApi, signInToCms, waitForCmsView } from './cms-helpers'

test('a video with comments is deleted from /cms, its comments with it', async ({ page }) => {
  await signInToCms(page)
  const headers = { origin: process.env.E2E_BASE_URL! }
  const marker = randomBytes(4).toString('hex')
  const videoId = `delete_${marker}`
  const made = await cmsApi(page).post('videos', { videoId, title: `Discussed then deleted ${marker}`, publishedAt: '2001-03-01T12:00:00Z', source: 'youtube', duration: 'PT4M' })
  expect(made.status(), await made.text()).toBe(201)
  const commented = await page.request.post(`/api/videos/${videoId}/comments`, { data: { content: 'A comment that goes with its video.' }, headers })
  expect(commented.status(), await commented.text()).toBe(201)
  const { id: commentId } = (await commented.json()) as { id: number }

  await page.goto(`/cms/collections/videos?search=${marker}`)
  await waitForCmsView(page)
  const row = page.locator('.table tbody tr').filter({ hasText: marker })
  await expect(row).toHaveCount(1)
  await row.locator('.select-row__checkbox input, input[type="checkbox"]').first().check()
  await page.locator('.delete-documents__toggle').click()
  const confirm = page.locator('.confirmation-modal').filter({ hasText: 'You are about to delete 1 Video' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: /confirm|delete/i }).last().click()
  await expect(page.getByText(/Deleted 1 Video/i).first()).toBeVisible()

  expect((await page.request.get(`/video/${videoId}`)).status()).toBe(404)
  expect((await cmsApi(page).get(`comments/${commentId}`)).status()).toBe(404)
})
