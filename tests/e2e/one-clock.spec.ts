// One clock, in a browser whose own zone and language are not the site's: every date a person
// reads is on the site's time zone (New York here) in one format — the post page and /admin's
// posts table (the SEO bot tab: admin-seo-bot.spec.ts), /cms's lists and date fields — and a date
// of birth in /cms reads the day that was typed.
import { randomBytes } from 'node:crypto'

import { request as playwrightRequest } from '@playwright/test'

import { admin, expect, loginViaApi, open, registerViaApi, signInToCms, test } from './fixtures'

const headers = () => ({ origin: process.env.E2E_BASE_URL! })

test.describe('a browser on Tokyo time, in German', () => {
  test.use({ timezoneId: 'Asia/Tokyo', locale: 'de-DE' })

  test('a post published at 8:26 PM in New York reads Nov 24, 2025 on its page and in /admin', async ({ page }) => {
    await loginViaApi(page, admin().username, admin().password)
    const title = `Clock ${randomBytes(4).toString('hex')}`
    // A draft first, published with its (old) date: it never tops the lists other specs read.
    const created = await page.request.post('/api/blog-posts', { data: { title, content: 'What time is it?', status: 'draft' }, headers: headers() })
    expect(created.status()).toBe(201)
    const post = (await created.json()) as { id: number; slug: string }
    try {
      // 01:26 UTC on Nov 25 (10:26 AM in Tokyo).
      const published = await page.request.patch(`/cms/api/posts/${post.id}`, { data: { publishedAt: '2025-11-25T01:26:00.000Z', _status: 'published' }, headers: headers() })
      expect(published.status(), await published.text()).toBe(200)

      await open(page, `/post/${post.slug}`)
      await expect(page.locator('time[datetime="2025-11-25T01:26:00.000Z"]').first()).toHaveText('Nov 24, 2025')

      await open(page, '/admin/content/posts')
      await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Nov 24, 2025')
    } finally {
      await page.request.delete(`/api/blog-posts/${post.id}`, { headers: headers() })
    }
  })
})

test.describe('an admin in /cms on Tokyo time', () => {
  test.use({ timezoneId: 'Asia/Tokyo' })

  test("a post published at 8:26 PM in New York reads Nov 24 in /cms's list and editor, not Tokyo's Nov 25", async ({ page }) => {
    await loginViaApi(page, admin().username, admin().password)
    const title = `Clock ${randomBytes(4).toString('hex')}`
    const created = await page.request.post('/api/blog-posts', { data: { title, content: 'What time is it in /cms?', status: 'draft' }, headers: headers() })
    expect(created.status()).toBe(201)
    const post = (await created.json()) as { id: number }
    try {
      // 01:26 UTC on Nov 25: 8:26 PM on Nov 24 in New York (the site's zone), 10:26 AM on Nov 25 in Tokyo.
      const published = await page.request.patch(`/cms/api/posts/${post.id}`, { data: { publishedAt: '2025-11-25T01:26:00.000Z', _status: 'published' }, headers: headers() })
      expect(published.status(), await published.text()).toBe(200)

      await page.goto(`/cms/collections/posts?search=${encodeURIComponent(title)}`)
      const row = page.locator('tbody tr').filter({ hasText: title })
      await expect(row.locator('.cell-publishedAt')).toHaveText('Nov 24, 2025 at 8:26 PM')

      await page.goto(`/cms/collections/posts/${post.id}`)
      const picker = page.locator('#field-publishedAt .react-datepicker__input-container input')
      await expect(picker).toHaveValue('Nov 24, 2025 8:26 PM')
      await expect(page.locator('#field-publishedAt')).toContainText('New York (Eastern Time)')

      // A time typed in the editor is New York's too: 9:00 PM on Nov 24 there is 02:00 UTC on Nov 25.
      await picker.fill('Nov 24, 2025 9:00 PM')
      await picker.press('Enter')
      await page.locator('#action-save').click()
      await expect(page.locator('.payload-toast-container')).toContainText(/successfully/i)
      const saved = await page.request.get(`/cms/api/posts/${post.id}?depth=0`, { headers: headers() })
      expect(((await saved.json()) as { publishedAt: string }).publishedAt).toBe('2025-11-25T02:00:00.000Z')
    } finally {
      await page.request.delete(`/api/blog-posts/${post.id}`, { headers: headers() })
    }
  })
})

test.describe('an admin on New York time', () => {
  test.use({ timezoneId: 'America/New_York' })

  test('a date of birth entered as 2000-05-10 reads May 10, 2000 in /cms, not May 09', async ({ page }) => {
    const visitor = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL })
    const member = await registerViaApi(visitor, { dateOfBirth: '2000-05-10' })
    await visitor.dispose()

    await signInToCms(page)
    await page.goto(`/cms/collections/users/${member.id}`)
    await expect(page.locator('#field-dateOfBirth input')).toHaveValue('May 10, 2000')
  })
})
