import sharp from 'sharp'

import { SITE_NAME } from '../../shared/constants'
import { expect, SHOTS_DIR, signInToCms, test } from './fixtures'

// What a Ghost writer expects: the word count and reading time follow the body as the
// Creator types; the SEO fields show how the post will look in a search result and a link
// preview, defaulting to the post's own title and excerpt; the post page's head uses them.
test('the creator sees the length of the post as they type, and sets its search and social fields', async ({ page }) => {
  // The plugin's fields and our previews load nothing from elsewhere and raise no error.
  const problems: string[] = []
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()))
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('requestfailed', (request) => {
    // A navigation cancels the router's prefetches: not a failure.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`${request.url()} ${request.failure()?.errorText}`)
  })
  page.on('request', (request) => {
    const url = request.url()
    if (!url.startsWith(process.env.E2E_BASE_URL!) && !/^(data|blob):/.test(url)) problems.push(`off-site: ${url}`)
  })

  await signInToCms(page)

  const title = `SEO fields ${Date.now()}`
  const created = await page.request.post('/api/blog-posts', {
    data: { title, content: 'One two three four five.', status: 'draft' },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(created.status()).toBe(201)
  const { id, slug } = (await created.json()) as { id: number; slug: string }
  // A featured image: the social card's picture until a meta image is chosen.
  const png = await sharp({ create: { width: 240, height: 126, channels: 3, background: { r: 30, g: 90, b: 160 } } }).png().toBuffer()
  const upload = await page.request.post('/cms/api/media', {
    multipart: { file: { name: `seo-${Date.now()}.png`, mimeType: 'image/png', buffer: png }, _payload: JSON.stringify({ alt: 'Harbour at dusk' }) },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(upload.status()).toBe(201)
  const media = ((await upload.json()) as { doc: { id: number; url: string } }).doc
  const withImage = await page.request.patch(`/cms/api/posts/${id}`, { data: { featuredImage: media.id }, headers: { origin: process.env.E2E_BASE_URL! } })
  expect(withImage.status()).toBe(200)
  await page.goto(`/cms/collections/posts/${id}`)

  // Beside the editor: a polite live region, named, following the body.
  const stats = page.getByRole('status', { name: 'Length' })
  await expect(stats).toHaveText('5 words · 1 min read')
  await expect(stats).toHaveAttribute('aria-live', 'polite')
  const editor = page.locator('[data-lexical-editor="true"]').first()
  await editor.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type(' Six seven eight.')
  await expect(stats).toHaveText('8 words · 1 min read')
  await page.keyboard.press('Enter')
  // A pasted paragraph (typing it key by key would take a minute).
  await page.keyboard.insertText(Array.from({ length: 200 }, (_, i) => `w${i}`).join(' '))
  await expect(stats).toHaveText('208 words · 2 min read')

  // The previews start from the post's title and excerpt.
  const search = page.getByRole('figure', { name: 'Search result preview' })
  const social = page.getByRole('figure', { name: 'Social card preview' })
  await expect(search).toContainText(`${title} | ${SITE_NAME}`)
  await expect(search).toContainText(`/post/${slug}`)
  await expect(search).toContainText('One two three four five.')
  await expect(social.getByRole('img', { name: 'Harbour at dusk' })).toHaveAttribute('src', media.url)
  await expect(page.getByText('The picture of link previews. Empty: the featured image.')).toBeVisible()

  const metaTitle = `Five words, then many more — ${Date.now()}`
  const metaDescription = 'A short post that counts its words & says so in "search results".'
  await page.locator('#field-meta__title').fill(metaTitle)
  await page.locator('#field-meta__description').fill(metaDescription)
  await expect(search).toContainText(metaTitle)
  await expect(search).toContainText(metaDescription)
  await expect(social).toContainText(metaTitle)
  await expect(search).not.toContainText(`${title} | ${SITE_NAME}`)

  await page.screenshot({ path: `${SHOTS_DIR}/cms-seo-edit.png`, fullPage: true })
  // Published (posts keep edits as drafts until then), the page has the head the creator set.
  await page.locator('#action-save').click()
  await expect(page.getByText(/successfully/i).first()).toBeVisible()
  expect(problems).toEqual([])

  await page.goto(`/post/${slug}`)
  await expect(page).toHaveTitle(metaTitle)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', metaDescription)
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', metaTitle)
  await expect(page.locator('meta[name="twitter:description"]')).toHaveAttribute('content', metaDescription)
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new URL(media.url, process.env.E2E_BASE_URL).href)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  // The read time the server derived is the one the editor showed.
  await expect(page.getByText('2 min read')).toBeVisible()
})
