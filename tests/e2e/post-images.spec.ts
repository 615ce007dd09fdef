// A post's featured image is its hero (alt text, caption, fetched first) and
// its card's picture; images in the body are whole (never the 400×225 crop), resized WebP from
// srcset at the width the screen needs, lazy, with their caption; all of it without JavaScript.
import type { Page } from '@playwright/test'
import sharp from 'sharp'

import { admin, expect, loginViaApi, open, SHOTS_DIR, signInToCms, test } from './fixtures'

const FEATURED = 'early-voting-plain-language-guide'
const FEATURED_ALT = 'Illustration: a ticked ballot going into a ballot box marked VOTE, in front of a rising sun'
const FEATURED_CAPTION = 'Make a plan, then bring somebody with you. Illustration: Voices of Justice'

/** The width of the srcset candidate the browser chose (its currentSrc), from the `123w` descriptor. */
async function chosenWidth(page: Page, selector: string) {
  return page.locator(selector).evaluate((img: HTMLImageElement) => {
    const entry = img.srcset.split(',').map((s) => s.trim().split(/\s+/)).find(([url]) => new URL(url!, location.href).href === img.currentSrc)
    return { currentSrc: img.currentSrc, width: entry ? Number(entry[1]!.replace(/w$/, '')) : null, ratio: img.naturalHeight / img.naturalWidth, complete: img.complete }
  })
}

for (const { name, width, height, expected } of [
  // 390 CSS pixels minus the page padding: the 480px copy is the smallest that covers it.
  { name: 'phone', width: 390, height: 844, expected: 480 },
  // The 720px column: the 960px copy.
  { name: 'desktop', width: 1280, height: 900, expected: 960 },
]) {
  test(`the post's featured image is its hero, with alt text and caption (${name})`, async ({ page }) => {
    await page.setViewportSize({ width, height })
    await open(page, `/post/${FEATURED}`)
    const hero = page.locator('figure[data-post-hero]')
    const img = hero.getByRole('img', { name: FEATURED_ALT })
    await expect(img).toBeVisible()
    await expect(hero.locator('figcaption')).toHaveText(FEATURED_CAPTION)
    // The page's main image: fetched at once and first; its box reserved by width and height.
    await expect(img).toHaveAttribute('loading', 'eager')
    await expect(img).toHaveAttribute('fetchpriority', 'high')
    await expect(img).toHaveAttribute('width', '1600')
    await expect(img).toHaveAttribute('height', '900')
    await expect.poll(async () => (await chosenWidth(page, 'figure[data-post-hero] img')).complete).toBe(true)
    const chosen = await chosenWidth(page, 'figure[data-post-hero] img')
    expect(chosen.currentSrc).toMatch(/\.webp$/)
    expect(chosen.width).toBe(expected)
    // Whole: the drawn box keeps the picture's 16:9.
    const box = (await img.boundingBox())!
    expect(box.width).toBeLessThanOrEqual(width)
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1)

    // Above the body, below the title.
    const titleBox = (await page.getByRole('heading', { level: 1 }).boundingBox())!
    const bodyBox = (await page.locator('.post-content').boundingBox())!
    expect(box.y).toBeGreaterThan(titleBox.y)
    expect(box.y + box.height).toBeLessThan(bodyBox.y)

    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme)
      await page.reload()
      await expect(img).toBeVisible()
      await page.screenshot({ path: `${SHOTS_DIR}/post-hero-${name}-${theme}.png` })
      await hero.locator('figcaption').scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS_DIR}/post-hero-${name}-${theme}-caption.png` })
    }
  })
}

test('news cards show the featured image; cards without one keep their look', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await open(page, '/blog')
  const cards = page.locator('[data-post-card]')
  const withImage = cards.filter({ has: page.locator('img[data-post-card-image]') })
  const withoutImage = cards.filter({ hasNot: page.locator('img') })
  await expect(withImage.first()).toBeVisible()
  await expect(withoutImage.first()).toBeVisible()

  const card = cards.filter({ hasText: 'Early Voting Is Open' })
  const img = card.getByRole('img', { name: FEATURED_ALT })
  await expect(img).toBeVisible()
  await img.scrollIntoViewIfNeeded()
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.webp$/)
  await expect(img).toHaveAttribute('loading', 'lazy')
  // A 16:9 picture across the top of the card.
  const [imgBox, cardBox] = [(await img.boundingBox())!, (await card.boundingBox())!]
  expect(imgBox.width / imgBox.height).toBeCloseTo(16 / 9, 1)
  expect(Math.abs(imgBox.y - cardBox.y)).toBeLessThanOrEqual(2)
  await page.screenshot({ path: `${SHOTS_DIR}/news-cards-desktop.png`, fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(img).toBeVisible()
  await page.screenshot({ path: `${SHOTS_DIR}/news-cards-phone.png`, fullPage: true })
  // The card is still one link, and it leads to the post.
  await card.getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/post/${FEATURED}$`))
})

test('the home page and topics show the featured images on their cards', async ({ page }) => {
  for (const path of ['/', '/categories']) {
    await open(page, path)
    await expect(page.locator('[data-post-card]').getByRole('img', { name: FEATURED_ALT }).first()).toBeVisible()
  }
})

test('an image in a post body is whole, resized from srcset, lazy, with its caption', async ({ page }) => {
  const origin = process.env.E2E_BASE_URL!
  const { username, password } = admin()
  await loginViaApi(page, username, password)
  // A portrait photo, the kind the old 400×225 crop cut the top and bottom off.
  const photo = await sharp({ create: { width: 1200, height: 1800, channels: 3, background: '#6d28d9' } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1800"><circle cx="600" cy="150" r="120" fill="#f59e0b"/><circle cx="600" cy="1650" r="120" fill="#16a34a"/></svg>') }])
    .jpeg()
    .toBuffer()
  const uploaded = await page.request.post('/cms/api/media', {
    multipart: {
      file: { name: 'portrait-e2e.jpg', mimeType: 'image/jpeg', buffer: photo },
      _payload: JSON.stringify({ alt: 'Marchers <crossing> the bridge', caption: 'Selma & after: "the long walk"' }),
    },
    headers: { origin },
  })
  expect(uploaded.status(), await uploaded.text()).toBe(201)
  const media = (await uploaded.json()).doc as { id: number }

  const created = await page.request.post('/api/blog-posts', {
    data: { title: `Pictures ${Date.now()}`, content: 'Before the picture.', status: 'draft' },
    headers: { origin },
  })
  expect(created.status()).toBe(201)
  const post = (await created.json()) as { id: number; slug: string }
  const stored = await (await page.request.get(`/cms/api/posts/${post.id}?depth=0`, { headers: { origin } })).json()
  const content = stored.content
  content.root.children.push({ type: 'upload', relationTo: 'media', value: media.id, fields: null, format: '', version: 3 })
  const patched = await page.request.patch(`/cms/api/posts/${post.id}`, { data: { content }, headers: { origin } })
  expect(patched.status(), await patched.text()).toBe(200)

  try {
    await page.setViewportSize({ width: 390, height: 844 })
    await open(page, `/post/${post.slug}`)
    const figure = page.locator('.post-content figure.post-image')
    const img = figure.getByRole('img', { name: 'Marchers <crossing> the bridge' })
    await expect(figure.locator('figcaption')).toHaveText('Selma & after: "the long walk"')
    await expect(img).toHaveAttribute('loading', 'lazy')
    await expect(img).toHaveAttribute('decoding', 'async')
    await expect(figure.locator('source')).toHaveCount(0)
    await img.scrollIntoViewIfNeeded()
    await expect.poll(async () => (await chosenWidth(page, '.post-content figure.post-image img')).complete).toBe(true)
    const chosen = await chosenWidth(page, '.post-content figure.post-image img')
    expect(chosen.currentSrc).toMatch(/\.webp$/)
    expect(chosen.width).toBe(480)
    // Whole: the file is the full 2:3 portrait, not a 16:9 crop, and so is its box.
    expect(chosen.ratio).toBeCloseTo(1.5, 2)
    const box = (await img.boundingBox())!
    expect(box.height / box.width).toBeCloseTo(1.5, 1)
    await page.screenshot({ path: `${SHOTS_DIR}/post-body-image-phone.png`, fullPage: true })
  } finally {
    await page.request.delete(`/api/blog-posts/${post.id}`, { headers: { origin } })
    await page.request.delete(`/cms/api/media/${media.id}`, { headers: { origin } })
  }
})

test('without JavaScript the hero, its caption and the card pictures still show', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  try {
    await page.goto(`/post/${FEATURED}`)
    const img = page.locator('figure[data-post-hero]').getByRole('img', { name: FEATURED_ALT })
    await expect(img).toBeVisible()
    await expect(page.locator('figure[data-post-hero] figcaption')).toHaveText(FEATURED_CAPTION)
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
    await page.goto('/blog')
    const card = page.locator('[data-post-card]').getByRole('img', { name: FEATURED_ALT })
    await card.scrollIntoViewIfNeeded()
    await expect.poll(() => card.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
  } finally {
    await context.close()
  }
})

test('in /cms a new image asks for alt text, says why, and saves once it has it', async ({ page }) => {
  await signInToCms(page)

  await page.goto('/cms/collections/media/create')
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0d6efd' } }).jpeg().toBuffer()
  await page.locator('input[type="file"]').setInputFiles({ name: `cms-alt-${Date.now()}.jpg`, mimeType: 'image/jpeg', buffer: photo })
  // The nudge is on the form before anything goes wrong.
  await expect(page.getByText(/What the image shows, for readers using a screen reader/)).toBeVisible()
  await expect(page.getByText(/Shown under the image wherever it appears in a post/)).toBeVisible()

  // On a busy machine a Save pressed while the form is still taking in the file can be lost:
  // pressed again until the form answers (without alt text it never saves).
  await expect(async () => {
    await page.getByRole('button', { name: 'Save' }).click({ timeout: 5_000 })
    await expect(page.getByText('Describe the image for readers who cannot see it (alt text).').first()).toBeVisible({ timeout: 5_000 })
  }).toPass({ timeout: 30_000 })
  await expect(page).toHaveURL(/\/cms\/collections\/media\/create/)
  await page.screenshot({ path: `${SHOTS_DIR}/cms-media-alt-required.png`, fullPage: true })

  await page.locator('#field-alt').fill('A plain blue test picture')
  await page.locator('#field-caption').fill('Made by the browser test')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/cms\/collections\/media\/\d+/)
  const id = /\/media\/(\d+)/.exec(page.url())![1]
  const saved = await (await page.request.get(`/cms/api/media/${id}`, { headers: { origin: process.env.E2E_BASE_URL! } })).json()
  expect(saved).toMatchObject({ alt: 'A plain blue test picture', caption: 'Made by the browser test', sizes: { small: { width: 480, height: 360, mimeType: 'image/webp' } } })
  await page.request.delete(`/cms/api/media/${id}`, { headers: { origin: process.env.E2E_BASE_URL! } })
})
