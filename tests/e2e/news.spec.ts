// SPEC §2 News page (/blog), §4 Pagination: cards, category filters, pagination that resets to page
// 1 when the category or search changes, the header's search box, deep links and the empty state.
import { atPath, expect, open, SHOTS_DIR, test } from './fixtures'

const filters = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Filter by category' })
const pager = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'News pages' })
const cards = (page: import('@playwright/test').Page) => page.locator('[data-post-card]')

test('the news page lists 6 post cards with category, date, title, excerpt and read time', async ({ page }) => {
  const response = await open(page, '/blog')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News & Commentary')
  await expect(page).toHaveTitle(/News & Commentary/)

  await expect(cards(page)).toHaveCount(6)
  const first = cards(page).first()
  await expect(first.getByRole('heading', { level: 2 })).toBeVisible()
  await expect(first.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/)
  await expect(first.getByText(/^\d+ min read$/)).toBeVisible()
  await expect(first.locator('p').first()).not.toBeEmpty()

  // 'All Posts' plus 'name (postCount)' for each topic; All Posts is the current filter.
  const all = filters(page).getByRole('link', { name: 'All Posts' })
  await expect(all).toHaveAttribute('aria-current', 'page')
  for (const name of ['Headlines', 'World News', 'Community', 'Justice', 'Commentary']) {
    await expect(filters(page).getByRole('link', { name: new RegExp(`^${name} \\(\\d+\\)$`) })).toBeVisible()
  }

  // Three columns on a wide screen.
  const boxes = await Promise.all([0, 1, 2, 3].map((i) => cards(page).nth(i).boundingBox()))
  expect(boxes[0]!.y).toBe(boxes[2]!.y)
  expect(boxes[3]!.y).toBeGreaterThan(boxes[0]!.y)
  await page.screenshot({ path: `${SHOTS_DIR}/news.png`, fullPage: true })

  // A card opens its post.
  const title = (await first.getByRole('heading', { level: 2 }).textContent())!.trim()
  await first.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(/\/post\/[a-z0-9-]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
})

test('a category filter starts again at page 1 and marks itself current', async ({ page }) => {
  await open(page, '/blog')
  await pager(page).getByRole('link', { name: 'Page 2' }).click()
  await expect(page).toHaveURL(/[?&]page=2/)
  await expect(pager(page).locator('[aria-current="page"]')).toHaveText('2')

  const justice = filters(page).getByRole('link', { name: /^Justice \(\d+\)$/ })
  const count = Number((await justice.textContent())!.match(/\((\d+)\)/)![1])
  await justice.click()
  await expect(page).toHaveURL(/\/blog\?category=\d+$/)
  await expect(filters(page).getByRole('link', { name: /^Justice/ })).toHaveAttribute('aria-current', 'page')
  await expect(filters(page).getByRole('link', { name: 'All Posts' })).not.toHaveAttribute('aria-current', 'page')
  await expect(cards(page)).toHaveCount(Math.min(count, 6))
  for (const card of await cards(page).all()) await expect(card.getByText('Justice', { exact: true })).toBeVisible()
  // Page 1 of the category: either no pager at all, or one showing page 1 as current.
  if (count > 6) await expect(pager(page).locator('[aria-current="page"]')).toHaveText('1')
  else await expect(pager(page)).toHaveCount(0)

  // Back to every post, still at page 1.
  await filters(page).getByRole('link', { name: 'All Posts' }).click()
  await expect(page).toHaveURL(atPath('/blog'))
  await expect(pager(page).locator('[aria-current="page"]')).toHaveText('1')
})

test('a ?category=<id> deep link opens that category', async ({ page, request }) => {
  const categories = (await (await request.get('/api/categories')).json()) as { id: number; name: string }[]
  const community = categories.find((c) => c.name === 'Community')!
  await open(page, `/blog?category=${community.id}`)
  await expect(filters(page).getByRole('link', { name: /^Community \(\d+\)$/ })).toHaveAttribute('aria-current', 'page')
  for (const card of await cards(page).all()) await expect(card.getByText('Community', { exact: true })).toBeVisible()
})

test('the header search box searches post bodies and lands on the news page', async ({ page }) => {
  await open(page, '/categories')
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search posts...' })
  await box.fill('glucose')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/blog\?search=glucose$/)
  await expect(cards(page)).toHaveCount(1)
  await expect(cards(page).first()).toContainText('Free Health Fair Draws Hundreds')
  await expect(page.getByText(/1 result for “glucose”/)).toBeVisible()
  await expect(page.getByRole('main').getByRole('searchbox')).toHaveValue('glucose')
  // Filters keep the search and drop any page.
  await expect(filters(page).getByRole('link', { name: 'All Posts' })).toHaveAttribute('href', '/blog?search=glucose')

  // Searching again from the page's own form.
  const own = page.getByRole('main').getByRole('searchbox')
  await own.fill('mutual aid')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/search=mutual\+aid/)
  await expect(cards(page).first()).toContainText('Mutual Aid')
  await page.getByRole('link', { name: 'Clear search' }).click()
  await expect(page).toHaveURL(atPath('/blog'))
  await expect(cards(page)).toHaveCount(6)
})

test('no match shows the empty state', async ({ page }) => {
  await open(page, '/blog?search=zzqxxnothingmatchesthis')
  await expect(page.getByText('No posts found matching your criteria.')).toBeVisible()
  await expect(cards(page)).toHaveCount(0)
  await expect(pager(page)).toHaveCount(0)
  await page.getByRole('link', { name: 'Show all posts' }).click()
  await expect(cards(page)).toHaveCount(6)
})
