// SEO bot: SPEC §2 Admin → SEO bot: the creator runs the bot from /admin, reads its
// Proposal as a diff, accepts it, and the video page's title, description and JSON-LD (key
// moments as Clip) use the accepted fields.
import type { APIRequestContext } from '@playwright/test'

import { admin, expect, loginViaApi, open, SHOTS_DIR, test, toasts } from './fixtures'

// A seeded free YouTube short no other spec reads; its description and fields are put back after.
const VIDEO_ID = 'MaoDB9f_Xq1'
const TITLE = 'Shorts: Three Things to Check Before You Share'
const CHAPTERS = '\n\n0:00 Who made it?\n0:20 What is the evidence?\n0:40 How does it make you feel?'

const headers = () => ({ origin: process.env.E2E_BASE_URL! })

async function videoDoc(request: APIRequestContext) {
  const res = await request.get(`/cms/api/videos?where[videoId][equals]=${VIDEO_ID}&depth=0`)
  expect(res.status()).toBe(200)
  return ((await res.json()) as { docs: Record<string, unknown>[] }).docs[0]!
}

// A browser on another clock and language than the site's: the tab still writes its times as the
// rest of the site does ('Nov 24, 2025 at 8:26 PM EST', New York), not in the browser's own way.
test.use({ timezoneId: 'Asia/Tokyo', locale: 'de-DE' })
const SITE_MOMENT = String.raw`[A-Z][a-z]{2} \d{2}, \d{4} at \d{1,2}:\d{2} [AP]M E[SD]T`

test('an SEO bot proposal accepted in /admin shows on the video page', async ({ page }) => {
  await loginViaApi(page, admin().username, admin().password)
  const original = await videoDoc(page.request)
  const restore = Object.fromEntries(
    ['description', 'seoTitle', 'seoDescription', 'keywords', 'tags', 'category', 'targetAudience', 'emotionalTone', 'callToAction', 'timestampedSummary', 'keyMoments', 'seoGenerated', 'seoGeneratedAt'].map((k) => [k, original[k] ?? null]),
  )
  try {
    const patched = await page.request.patch(`/cms/api/videos/${original.id}`, { data: { description: `${original.description}${CHAPTERS}` }, headers: headers() })
    expect(patched.status()).toBe(200)
    await page.request.put('/api/seo-bot/settings', { data: { autoAccept: false }, headers: headers() })

    await open(page, '/admin/seo-bot')
    await expect(page.getByRole('heading', { name: 'SEO bot', level: 2 })).toBeVisible()
    await expect(page.getByTestId('seo-bot-state')).toHaveText(/Running|Stopped/)
    await expect(page.getByRole('switch', { name: 'Auto-accept proposals' })).toHaveAttribute('aria-checked', 'false')

    // Keyboard: the Process Now button is reachable and pressed with Enter.
    const processNow = page.getByRole('button', { name: 'Process Now' })
    await processNow.focus()
    await page.keyboard.press('Enter')
    await expect(toasts(page)).toContainText(/Processing started|already under way/)

    const card = page.getByTestId('seo-proposal').filter({ has: page.getByRole('heading', { name: TITLE }) })
    await expect(card).toBeVisible({ timeout: 30_000 })
    await expect(card.locator('header p')).toHaveText(new RegExp(`^${SITE_MOMENT} · local$`))
    await expect(page.getByText(/^Last run: /)).toHaveText(new RegExp(`^Last run: ${SITE_MOMENT} · engine: `))
    // The diff: the key moments and title row, now (empty) against proposed.
    const moments = card.locator('tr[data-field="keyMoments"]')
    await expect(moments.locator('td').first()).toHaveText('—')
    await expect(moments.locator('td').last()).toContainText('0:20 What is the evidence?')
    const proposedDescription = (await card.locator('tr[data-field="seoDescription"] td').last().innerText()).trim()
    expect(proposedDescription.length).toBeGreaterThan(20)
    expect(proposedDescription.length).toBeLessThanOrEqual(155)

    await card.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS_DIR}/admin-seo-bot.png` })
    await card.getByRole('button', { name: `Accept the proposal for ${TITLE}` }).click()
    await expect(toasts(page)).toContainText('Proposal accepted')
    await expect(card).toHaveCount(0)

    await open(page, `/video/${VIDEO_ID}`)
    // Short enough to be its own search title: the page's <title> is the SEO title, as saved.
    await expect(page).toHaveTitle(TITLE)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', proposedDescription)
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as Record<string, any>
    expect(jsonLd).toMatchObject({ '@type': 'VideoObject', description: proposedDescription, genre: expect.any(String) })
    expect(jsonLd.hasPart).toEqual([
      expect.objectContaining({ '@type': 'Clip', name: 'Who made it?', startOffset: 0, endOffset: 20 }),
      expect.objectContaining({ '@type': 'Clip', name: 'What is the evidence?', startOffset: 20, endOffset: 40 }),
      expect.objectContaining({ '@type': 'Clip', name: 'How does it make you feel?', startOffset: 40, endOffset: 58 }),
    ])
    await expect(page.locator('#key-moments')).toHaveText('Key Moments')
    await expect(page.getByRole('heading', { name: 'Take Action' })).toBeVisible()
  } finally {
    await page.request.patch(`/cms/api/videos/${original.id}`, { data: restore, headers: headers() })
  }
})
