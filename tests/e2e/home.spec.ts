// SPEC §2 Home, §4 Announcement: the home page's main path as a visitor, its metadata and the
// announcements banner. Other suites may add content to the shared server while these run, so
// the checks are about shape and rules, not about which seeded item comes first.
import { expect, open, test } from './fixtures'

const MERCH_PRICES = ['$26.99', '$47.99', '$19.99', '$14.99', '$14.99', '$23.99']

test.describe('home as a visitor', () => {
  test('latest video hero, 5 recent videos, merchandise and 3 latest posts', async ({ page }) => {
    await open(page, '/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    const hero = page.getByTestId('latest-video')
    await expect(hero).toHaveAttribute('href', /^\/video\/[^/]+$/)
    await expect(hero.getByText('LATEST', { exact: true })).toBeVisible()
    await expect(hero.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/)
    const facts = hero.locator('dd')
    await expect(facts.nth(1)).toHaveText(/^\d+(:\d{2}){1,2}$/) // duration m:ss (h:mm:ss from an hour)
    await expect(facts.nth(2)).toHaveText(/^\d+(\.\d)?[KM]? views$/)

    const recent = page.getByTestId('recent-videos').locator(':scope > li')
    await expect(recent).toHaveCount(5)
    for (const card of await recent.all()) await expect(card.locator('a[href^="/video/"]').first()).toBeVisible()
    const heroHref = await hero.getAttribute('href')
    await expect(page.getByTestId('recent-videos').locator(`a[href="${heroHref}"]`)).toHaveCount(0)
    // Seeded view counts over 1000 show in thousands.
    await expect(page.getByTestId('recent-videos')).toContainText(/\d(\.\d)?K/)

    const products = page.getByTestId('merch-products').locator(':scope > li')
    await expect(products).toHaveCount(8)
    const prices = await page.getByTestId('merch-price').allTextContents()
    for (const price of new Set(MERCH_PRICES)) {
      expect(prices.filter((p) => p === price).length).toBeGreaterThanOrEqual(MERCH_PRICES.filter((p) => p === price).length)
    }
    for (const link of await products.getByRole('link').all()) {
      await expect(link).toHaveAttribute('href', /^https?:\/\//)
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', /noopener/)
    }
    const merch = page.getByRole('region', { name: 'Merchandise' })
    await expect(merch).toContainText(/free shipping[^.]*over \$50/i)
    await expect(merch).toContainText(/30-day money-back guarantee/i)
    await expect(merch).toContainText(/free exchanges on sizing/i)
    await expect(merch.getByRole('link', { name: 'Shop Full Collection' })).toHaveAttribute('href', '/merch')

    const posts = page.getByTestId('latest-posts').locator(':scope > li')
    await expect(posts).toHaveCount(3)
    for (const post of await posts.all()) await expect(post.locator('a[href^="/post/"]').first()).toBeVisible()
    await expect(page.getByRole('link', { name: 'View All Articles' })).toHaveAttribute('href', '/blog')
  })

  test('the latest video is the first thing seen: its whole card is in the first view at 1280×800', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await open(page, '/')
    const hero = page.getByTestId('latest-video')
    await expect(hero).toBeInViewport({ ratio: 1 })
    const box = (await hero.boundingBox())!
    expect(box.y + box.height).toBeLessThanOrEqual(800)
    // Its picture is the page's main one: fetched at once, first.
    const still = hero.locator('img')
    await expect(still).toHaveAttribute('loading', 'eager')
    await expect(still).toHaveAttribute('fetchpriority', 'high')
    // The intro still comes first to read: the h1 is above it in the document.
    const intro = page.getByRole('heading', { level: 1 })
    expect(await intro.evaluate((h1, card) => Boolean(h1.compareDocumentPosition(card!) & Node.DOCUMENT_POSITION_FOLLOWING), await hero.elementHandle())).toBe(true)
  })

  test('the hero and a post card lead to their pages', async ({ page }) => {
    await open(page, '/')
    const href = await page.getByTestId('latest-video').getAttribute('href')
    await page.getByTestId('latest-video').click()
    await expect(page).toHaveURL((url) => url.pathname === href)
    await open(page, '/')
    const postLink = page.getByTestId('latest-posts').locator('a[href^="/post/"]').first()
    const postHref = await postLink.getAttribute('href')
    await postLink.click()
    await expect(page).toHaveURL((url) => url.pathname === postHref)
  })

  test('Premium promo: Join Free Community goes to /register, Get Premium Access opens the dialog', async ({ page }) => {
    await open(page, '/')
    const promo = page.getByTestId('premium-promo')
    await expect(promo.getByRole('link', { name: 'Join Free Community' })).toHaveAttribute('href', '/register')
    await promo.getByRole('button', { name: 'Get Premium Access' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Welcome to Premium!' })).toBeVisible()
  })
})

test.describe('announcements banner (SPEC §4)', () => {
  test('shows active, unexpired announcements only, and dismisses for this page view', async ({ page }) => {
    await open(page, '/')
    const banner = page.getByRole('region', { name: 'Announcements' })
    await expect(banner.getByRole('heading', { name: 'Welcome to the community' })).toBeVisible()
    await expect(banner.getByRole('heading', { name: 'Live town hall next Thursday at 7 PM' })).toBeVisible()
    // Seeded: one expired three days ago, one inactive.
    await expect(page.getByText('Voter registration drive this weekend')).toHaveCount(0)
    await expect(page.getByText('Scheduled maintenance')).toHaveCount(0)

    await banner.getByRole('button', { name: 'Dismiss announcement: Welcome to the community' }).click()
    await expect(page.getByRole('heading', { name: 'Welcome to the community' })).toHaveCount(0)
    await expect(banner.getByRole('heading', { name: 'Live town hall next Thursday at 7 PM' })).toBeVisible()
    // Focus moves on to the next dismiss button rather than being lost.
    await expect(banner.getByRole('button', { name: 'Dismiss announcement: Live town hall next Thursday at 7 PM' })).toBeFocused()

    // Dismissing the rest (other tests may have posted more) leaves no banner at all.
    const dismissButtons = banner.getByRole('button', { name: /^Dismiss announcement/ })
    for (let left = await dismissButtons.count(); left > 0; left--) {
      await dismissButtons.first().click()
      await expect(dismissButtons).toHaveCount(left - 1)
    }
    await expect(page.getByRole('region', { name: 'Announcements' })).toHaveCount(0)

    // Dismissal is page state only: a reload shows them again.
    await open(page, '/')
    await expect(page.getByRole('heading', { name: 'Welcome to the community' })).toBeVisible()
  })
})

test.describe('home metadata', () => {
  test('canonical, open-graph, twitter, feeds and WebSite + Organization JSON-LD', async ({ page, baseURL }) => {
    await page.goto('/')
    const head = page.locator('head')
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`)
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/)
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/`)
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', /summary/)
    await expect(head.locator('link[rel="alternate"][type="application/rss+xml"][href="/rss.xml"]')).toHaveCount(1)
    await expect(head.locator('link[rel="alternate"][type="application/rss+xml"][href="/videos/rss.xml"]')).toHaveCount(1)

    const ld = JSON.parse((await head.locator('script[type="application/ld+json"]').textContent()) ?? '[]') as { '@type': string; url: string }[]
    expect(ld.map((item) => item['@type']).sort()).toEqual(['Organization', 'WebSite'])
    expect(ld.every((item) => item.url === `${baseURL}/`)).toBe(true)
  })

  test("the footer's RSS Feed item links to /rss.xml", async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'RSS Feed' })).toHaveAttribute('href', '/rss.xml')
  })
})

test.describe('home on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('nothing overflows sideways', async ({ page }) => {
    await open(page, '/')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expect(page.getByTestId('latest-video')).toBeVisible()
  })

  test('the latest video comes right after the intro, its picture in the first view', async ({ page }) => {
    await open(page, '/')
    const still = page.getByTestId('latest-video').locator('img')
    await expect(still).toBeInViewport({ ratio: 1 })
  })
})
