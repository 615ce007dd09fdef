// SPEC §2 Post page (/post/{slug}): the rendered markdown, dates, read time, category links,
// 'Post Not Found', the BlogPosting JSON-LD, and no JavaScript of its own.
import { randomBytes } from 'node:crypto'

import { admin, atPath, expect, loginViaApi, open, SHOTS_DIR, test } from './fixtures'

const SEEDED = 'early-voting-plain-language-guide'

test('a post shows its content elements, dates, read time and category links', async ({ page }) => {
  // A draft, so the public lists other specs read never change; the admin can open it.
  const { username, password } = admin()
  await loginViaApi(page, username, password)
  const categories = (await (await page.request.get('/api/categories')).json()) as { id: number; name: string }[]
  const category = categories.find((c) => c.name === 'Justice')!
  const markdown = [
    '## Know Your Rights',
    '',
    'Stay **calm and polite**, and *write everything down*. Ask for `badge numbers` and see [the guide](https://example.org/rights).',
    '',
    '- Record the time',
    '- Note the location',
    '',
    '1. Ask if you are free to go',
    '2. Leave calmly if you are',
  ].join('\n')
  const res = await page.request.post('/api/blog-posts', {
    data: { title: `Rights Primer ${randomBytes(3).toString('hex')}`, content: markdown, categoryId: category.id, status: 'draft', excerpt: 'What to do and say.' },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(res.status()).toBe(201)
  const post = (await res.json()) as { slug: string; title: string; createdAt: string }

  await open(page, `/post/${post.slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title)
  const body = page.locator('.post-content')
  await expect(body.getByRole('heading', { level: 2, name: 'Know Your Rights' })).toBeVisible()
  await expect(body.locator('strong')).toHaveText('calm and polite')
  await expect(body.locator('em')).toHaveText('write everything down')
  await expect(body.locator('code')).toHaveText('badge numbers')
  await expect(body.getByRole('link', { name: 'the guide' })).toHaveAttribute('href', 'https://example.org/rights')
  await expect(body.locator('ul > li')).toHaveText(['Record the time', 'Note the location'])
  await expect(body.locator('ol > li')).toHaveText(['Ask if you are free to go', 'Leave calmly if you are'])
  await expect(page.getByText('What to do and say.')).toBeVisible()
  await expect(page.getByText('1 min read')).toBeVisible()
  await expect(page.getByText('Draft', { exact: true })).toBeVisible()

  const article = page.getByRole('article')
  await expect(article.getByText('Published:')).toBeVisible()
  await expect(article.getByText('Last updated:')).toBeVisible()
  await expect(article.locator(`time[datetime="${post.createdAt}"]`).first()).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/)
  await expect(article.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog')
  await expect(article.getByRole('link', { name: `More in ${category.name}` })).toHaveAttribute('href', `/blog?category=${category.id}`)
  await page.screenshot({ path: `${SHOTS_DIR}/post.png`, fullPage: true })

  // The category badge filters the news page.
  await article.getByRole('link', { name: category.name, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/blog\\?category=${category.id}$`))
  await expect(page.getByRole('navigation', { name: 'Filter by category' }).getByRole('link', { name: /^Justice/ })).toHaveAttribute('aria-current', 'page')
})

test('visitors get Post Not Found (404) for a missing post and for a draft', async ({ page, request }) => {
  const response = await open(page, `/post/not-a-real-post-${randomBytes(3).toString('hex')}`)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post Not Found')
  await expect(page).toHaveTitle(/Post Not Found/)
  const draft = await request.get('/post/juneteenth-weekend-block-celebration-plans')
  expect(draft.status()).toBe(404)
  await page.getByRole('main').getByRole('link', { name: 'Back to Blog' }).click()
  await expect(page).toHaveURL(atPath('/blog'))
})

test('the BlogPosting JSON-LD parses and describes the post', async ({ page }) => {
  await open(page, `/post/${SEEDED}`)
  const raw = await page.locator('script[type="application/ld+json"]').textContent()
  const ld = JSON.parse(raw!)
  expect(ld['@type']).toBe('BlogPosting')
  expect(ld.headline).toBe(await page.getByRole('heading', { level: 1 }).textContent())
  expect(Date.parse(ld.datePublished)).not.toBeNaN()
  expect(Date.parse(ld.dateModified)).not.toBeNaN()
  expect(ld.author.name).toBeTruthy()
  expect(ld.publisher.name).toBeTruthy()
  expect(ld.mainEntityOfPage['@id']).toMatch(new RegExp(`/post/${SEEDED}$`))
  expect(ld.articleSection).toBe('Headlines')
  expect(ld.wordCount).toBeGreaterThan(100)
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/post/${SEEDED}$`))
})

test('the post itself hydrates only its bookmark button; every other island is the site shell', async ({ page }) => {
  await open(page, `/post/${SEEDED}`)
  const islands = page.getByRole('article').locator('astro-island')
  await expect(islands).toHaveCount(1)
  await expect(islands.first()).toHaveAttribute('component-url', /BookmarkButton/)
})
