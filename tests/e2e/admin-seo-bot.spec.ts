// SEO bot: SPEC §2 Admin → SEO bot: the creator runs the bot from /admin, reads each proposal as
// one line, opens it, accepts a field on its own, edits another before accepting it, accepts the
// rest; selects several proposals and accepts them together; the video page uses what was accepted.
import { randomBytes } from 'node:crypto'

import type { APIRequestContext } from '@playwright/test'

import { axeViolations, formatAxe } from './audit-helpers'
import { admin, expect, loginViaApi, open, SHOTS_DIR, test, toasts } from './fixtures'

// A seeded free YouTube short no other spec reads; its description and fields are put back after.
const VIDEO_ID = 'MaoDB9f_Xq1'
const TITLE = 'Shorts: Three Things to Check Before You Share'
const CHAPTERS = '\n\n0:00 Who made it?\n0:20 What is the evidence?\n0:40 How does it make you feel?'
const OWN_DESCRIPTION = 'Three questions to ask before you share a post: who made it, what is the evidence, and how it makes you feel.'

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

test('SEO bot proposals in /admin: one line each, accepted field by field, edited, and in bulk', async ({ page }) => {
  await loginViaApi(page, admin().username, admin().password)
  const original = await videoDoc(page.request)
  const restore = Object.fromEntries(
    ['description', 'seoTitle', 'seoDescription', 'keywords', 'tags', 'category', 'targetAudience', 'emotionalTone', 'callToAction', 'timestampedSummary', 'keyMoments', 'seoGenerated', 'seoGeneratedAt'].map((k) => [k, original[k] ?? null]),
  )
  // Two videos of this test's own, to accept together.
  const extra: { id: number; title: string }[] = []
  try {
    for (const title of ['Rain Barrels for Dry Summers', 'Mulching Made Simple for Small Yards']) {
      const res = await page.request.post('/cms/api/videos', {
        data: { videoId: `e2eseo_${randomBytes(4).toString('hex')}`, title, description: `${title}: a short, practical guide for neighbours with small gardens.`, duration: 'PT5M', source: 'youtube', publishedAt: new Date().toISOString() },
        headers: headers(),
      })
      expect(res.status()).toBe(201)
      extra.push({ id: ((await res.json()) as { doc: { id: number } }).doc.id, title })
    }
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

    const row = page.getByTestId('seo-proposal').filter({ hasText: TITLE })
    await expect(row).toBeVisible({ timeout: 30_000 })
    await expect(page.getByText(/^Last run: /)).toHaveText(new RegExp(`^Last run: ${SITE_MOMENT} · engine: `))
    // Compact: one line, its fields hidden until it is opened.
    const opener = row.getByRole('button', { name: new RegExp(`^${TITLE} · `) })
    await expect(opener).toHaveAttribute('aria-expanded', 'false')
    await expect(opener).toContainText(new RegExp(`to decide · ${SITE_MOMENT} · local`))
    expect((await row.boundingBox())!.height).toBeLessThan(80)
    await expect(row.locator('[data-field="keyMoments"]')).toBeHidden()

    await opener.click()
    await expect(opener).toHaveAttribute('aria-expanded', 'true')
    const moments = row.locator('[data-field="keyMoments"]')
    await expect(moments).toContainText('0:20 What is the evidence?')
    // The title already fits search results: the bot proposes none.
    await row.getByRole('button', { name: 'Show all fields' }).click()
    await expect(row.locator('[data-field="seoTitle"]')).toContainText('Not proposed')

    // One field on its own.
    await row.getByRole('button', { name: `Accept the key moments for ${TITLE}` }).click()
    await expect(toasts(page)).toContainText('Accepted 1 field')
    await expect(moments).toContainText('Accepted')

    // Another edited first, then accepted as edited.
    await row.getByRole('button', { name: `Edit the SEO description for ${TITLE}` }).click()
    const box = row.getByLabel(`SEO description for ${TITLE}`)
    await box.fill(OWN_DESCRIPTION)
    // The opened proposal, its edit box included, passes axe (labels, contrast, names).
    expect(formatAxe(await axeViolations(page))).toBe('')
    await row.getByRole('button', { name: 'Accept edited SEO description' }).click()
    await expect(row.locator('[data-field="seoDescription"]')).toContainText('Accepted, edited')
    await page.screenshot({ path: `${SHOTS_DIR}/admin-seo-bot.png` })

    // The rest at once: the proposal leaves the waiting list.
    await row.getByRole('button', { name: `Accept all fields for ${TITLE}` }).click()
    await expect(toasts(page)).toContainText('Proposal accepted')
    await expect(row).toHaveCount(0)

    // A video renamed since its proposal was made: marked stale until regenerated.
    await expect(page.getByTestId('seo-proposal').filter({ hasText: extra[1]!.title })).toBeVisible({ timeout: 30_000 })
    const renamed = `${extra[1]!.title} Without a Hose`
    expect((await page.request.patch(`/cms/api/videos/${extra[1]!.id}`, { data: { title: renamed }, headers: headers() })).status()).toBe(200)
    extra[1]!.title = renamed
    await page.reload()
    const stale = page.getByTestId('seo-proposal').filter({ hasText: renamed })
    await expect(stale.getByTestId('seo-proposal-stale')).toHaveText('Stale — the video changed since')
    await stale.getByRole('button', { name: new RegExp(`^${renamed} · `) }).click()
    await expect(stale.getByRole('button', { name: `Accept all fields for ${renamed}` })).toBeDisabled()
    await stale.getByRole('button', { name: 'Regenerate' }).click()
    await expect(toasts(page)).toContainText('Proposal regenerated')
    await expect(stale.getByTestId('seo-proposal-stale')).toHaveCount(0)

    // Several at once.
    for (const { title } of extra) {
      const other = page.getByTestId('seo-proposal').filter({ hasText: title })
      await expect(other).toBeVisible({ timeout: 30_000 })
      await other.getByRole('checkbox', { name: `Select the proposal for ${title}` }).check()
    }
    await expect(page.getByText('2 selected')).toBeVisible()
    await page.getByRole('button', { name: 'Accept selected' }).click()
    await expect(toasts(page)).toContainText('Accepted 2 proposals.')
    for (const { title } of extra) await expect(page.getByTestId('seo-proposal').filter({ hasText: title })).toHaveCount(0)

    await open(page, `/video/${VIDEO_ID}`)
    await expect(page).toHaveTitle(new RegExp(`^${TITLE}`))
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', OWN_DESCRIPTION)
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as Record<string, any>
    expect(jsonLd).toMatchObject({ '@type': 'VideoObject', description: OWN_DESCRIPTION, genre: expect.any(String) })
    expect(jsonLd.hasPart).toEqual([
      expect.objectContaining({ '@type': 'Clip', name: 'Who made it?', startOffset: 0, endOffset: 20 }),
      expect.objectContaining({ '@type': 'Clip', name: 'What is the evidence?', startOffset: 20, endOffset: 40 }),
      expect.objectContaining({ '@type': 'Clip', name: 'How does it make you feel?', startOffset: 40, endOffset: 58 }),
    ])
    await expect(page.locator('#key-moments')).toHaveText('Key Moments')
    await expect(page.getByRole('heading', { name: 'Take Action' })).toBeVisible()
  } finally {
    await page.request.patch(`/cms/api/videos/${original.id}`, { data: restore, headers: headers() })
    for (const { id } of extra) await page.request.delete(`/cms/api/videos/${id}`, { headers: headers() })
  }
})
