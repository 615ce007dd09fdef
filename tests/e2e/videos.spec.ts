// SPEC §2 (Videos page, Video page), §4 (Auto-play), §7 (track-views): the video list and the
// video page as visitors, members and premium members see them.
import type { Page } from '@playwright/test'

import { CLIP_SECONDS } from '../../cms/seed/video-media'
import { expect, expectToast, freshRequest, makePremiumAsAdmin, open, registerViaApi, test } from './fixtures'
import { imageOnLastVlogPage, importedYoutubeVideo } from './youtube-still'

const NEWEST = 'CsBlIZ1NAIR' // YouTube, 6 key moments, 5 tags
const SECOND = 'MHR1rkWTVfn' // the next older one: Up Next of NEWEST
const PREMIUM_YOUTUBE_7_TAGS = 'Fwu4tc9virX'
const PREMIUM_MANUAL = 'manual_qhfv08uerf' // uncut, self-hosted, premium
const FREE_MANUAL = 'manual_noib0upzhq'

/** Nothing leaves the machine: YouTube answers are stubbed or refused. */
async function offline(page: Page) {
  await page.route(/^https:\/\/(www\.youtube(-nocookie)?\.com|i\.ytimg\.com)\//, (route) => route.abort())
}

async function jsonLd(page: Page) {
  const text = await page.locator('head script[type="application/ld+json"]').textContent()
  return JSON.parse(text ?? 'null')
}

test.beforeEach(async ({ page }) => offline(page))

test('/vlog: a grid of 24 cards, newest first, with pagination', async ({ page }) => {
  await open(page, '/vlog')
  await expect(page.getByRole('heading', { level: 1, name: 'Community Videos' })).toBeVisible()
  const cards = page.getByRole('list', { name: 'Videos' }).getByRole('article')
  await expect(cards).toHaveCount(24)
  const first = cards.first()
  await expect(first.getByRole('link')).toHaveAttribute('href', `/video/${NEWEST}`)
  await expect(first).toContainText('Community Town Hall')
  await expect(first).toContainText(/\w{3} \d{2}, \d{4}/)
  await expect(first).toContainText(/[\d.]+K? views/)
  await expect(first).toContainText('1:12:40')
  // Card titles are the level under the page's h1 (no skipped heading level).
  await expect(first.getByRole('heading', { level: 2 })).toContainText('Community Town Hall')

  const pager = page.getByRole('navigation', { name: 'Video pages' })
  await expect(pager.locator('[aria-current="page"]')).toHaveText('1')
  await pager.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/vlog\?page=2$/)
  await expect(page.getByRole('navigation', { name: 'Video pages' }).locator('[aria-current="page"]')).toHaveText('2')
  const secondPage = page.getByRole('list', { name: 'Videos' }).getByRole('article')
  expect(await secondPage.count()).toBeGreaterThanOrEqual(12)
  await expect(secondPage.first().getByRole('link')).not.toHaveAttribute('href', `/video/${NEWEST}`)
})

test('/vlog: a YouTube still falls back from maxresdefault to hqdefault', async ({ page }) => {
  const imported = await importedYoutubeVideo()
  try {
    await page.unroute(/^https:\/\/(www\.youtube(-nocookie)?\.com|i\.ytimg\.com)\//)
    const pixel = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64')
    await page.route('https://i.ytimg.com/**', (route) =>
      route.request().url().endsWith('/hqdefault.jpg') ? route.fulfill({ contentType: 'image/gif', body: pixel }) : route.fulfill({ status: 404 }),
    )
    await page.route(/^https:\/\/www\.youtube/, (route) => route.abort())
    const img = await imageOnLastVlogPage(page, imported)
    await expect(img).toHaveAttribute('src', `https://i.ytimg.com/vi/${imported.videoId}/hqdefault.jpg`)
    await expect(img).toBeVisible()
  } finally {
    await imported.dispose()
  }
})

test('/vlog: the seeded videos show their own stills, served by the site', async ({ page }) => {
  await open(page, '/vlog')
  const images = page.getByRole('list', { name: 'Videos' }).getByRole('article').locator('img')
  expect(await images.count()).toBeGreaterThanOrEqual(12)
  const sources = await images.evaluateAll((imgs) => imgs.slice(0, 12).map((img) => (img as HTMLImageElement).getAttribute('src')))
  for (const src of sources) expect(src).toMatch(/^\/media\/thumbnails\/[\w-]+\.jpg$/)
  expect(new Set(sources).size).toBe(sources.length)
  const first = images.first()
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(960)
})

test('video page: player, facts, key moments, summary, topics, recommended and up next', async ({ page }) => {
  const response = await open(page, `/video/${NEWEST}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Community Town Hall: Safety, Trust and What Comes Next')
  const player = page.locator('iframe#video-player')
  await expect(player).toHaveAttribute('src', new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${NEWEST}\\?enablejsapi=1`))
  const facts = page.getByTestId('video-facts')
  await expect(facts).toContainText(/\w{3} \d{2}, \d{4}/)
  await expect(facts).toContainText(/[\d.]+K views/)
  await expect(facts).toContainText('1:12:40')
  await expect(facts).toContainText('0 comments')

  const moments = page.getByRole('region', { name: 'Key Moments' }).getByRole('listitem')
  await expect(moments).toHaveCount(6)
  await expect(moments.nth(1)).toContainText('6:15')
  await expect(moments.nth(1)).toContainText('Panellists describe what safety means to them')
  await expect(moments.nth(1).getByRole('link')).toHaveAttribute('href', `/video/${NEWEST}?t=375`)
  await expect(page.getByTestId('video-summary')).toContainText('Neighbours, youth leaders')
  await expect(page.getByTestId('video-topics').getByRole('listitem')).toHaveCount(5)
  await expect(page.getByRole('heading', { name: 'Join the Discussion' })).toBeVisible()

  await expect(page.getByTestId('enhanced-description')).toContainText('A wide-ranging town hall')
  // The content summary, keywords and category wait in the expanded description.
  const about = page.getByRole('region', { name: 'About This Video' })
  await expect(about.getByText('0:00 Welcome and ground rules')).toBeHidden()
  await about.getByText('Show more').click()
  await expect(about.getByRole('heading', { name: 'Content Summary' })).toBeVisible()
  await expect(about.getByText('0:00 Welcome and ground rules')).toBeVisible()
  await expect(about).toContainText('Headlines')
  await expect(about).toContainText('violence prevention')
  await expect(about.getByRole('heading', { name: 'Take Action' })).toBeVisible()
  await expect(about).toContainText('Join our next town hall')
  await expect(page.getByRole('region', { name: 'Up Next' }).getByRole('link')).toHaveAttribute('href', `/video/${SECOND}`)
  await expect(page.getByRole('heading', { name: 'Comments (0)' })).toBeVisible()

  const recommended = page.getByTestId('recommended-videos').getByRole('listitem')
  await expect(recommended).toHaveCount(8)
  await expect(recommended.getByRole('link', { name: /Community Town Hall/ })).toHaveCount(0)
  // Up Next is not repeated in the list under it.
  await expect(recommended.getByRole('link', { name: /Sunday Reflections/ })).toHaveCount(0)

  await page.getByRole('link', { name: 'Jump to Comments' }).click()
  await expect(page).toHaveURL(/#comments$/)
})

test('a key-moment link starts the player at that second', async ({ page }) => {
  await open(page, `/video/${NEWEST}?t=375`)
  await expect(page.locator('iframe#video-player')).toHaveAttribute('src', /[?&]start=375(&|$)/)
})

test("'Share Video' copies the link and says 'Link copied!'", async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  await open(page, `/video/${NEWEST}`)
  await page.getByRole('button', { name: 'Share Video' }).click()
  await expectToast(page, 'Link copied!')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/video/${NEWEST}`)
})

test('a visitor sees the premium lock, with no player and no file, and six of seven topics', async ({ page }) => {
  for (const videoId of [PREMIUM_MANUAL, PREMIUM_YOUTUBE_7_TAGS]) {
    const response = await open(page, `/video/${videoId}`)
    const lock = page.getByTestId('premium-lock')
    await expect(lock.getByRole('heading', { name: 'Premium Exclusive' })).toBeVisible()
    await expect(lock.getByRole('link', { name: 'Upgrade to Premium - $4.99/month' })).toHaveAttribute('href', '/premium')
    await expect(lock.getByRole('link', { name: 'Log in here' })).toHaveAttribute('href', `/login?next=%2Fvideo%2F${videoId}`)
    await expect(page.locator('video, iframe')).toHaveCount(0)
    expect(await response!.text()).not.toMatch(/\.mp4|youtube-nocookie\.com\/embed/)
  }
  await expect(page.getByTestId('video-topics').getByRole('listitem')).toHaveCount(6)
})

test('a plain member sees the lock without the log-in link', async ({ page }) => {
  await registerViaApi(page)
  await open(page, `/video/${PREMIUM_MANUAL}`)
  await expect(page.getByRole('link', { name: 'Upgrade to Premium - $4.99/month' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Log in here' })).toHaveCount(0)
  await expect(page.locator('video')).toHaveCount(0)
})

test('a premium member plays the uncut self-hosted video, badges and all', async ({ page }) => {
  const { id } = await registerViaApi(page)
  const adminRequest = await freshRequest()
  await makePremiumAsAdmin(adminRequest, id)
  await adminRequest.dispose()
  await open(page, `/video/${PREMIUM_MANUAL}`)
  const badges = page.getByRole('list', { name: 'Video badges' }).first()
  await expect(badges.getByRole('listitem')).toHaveText(['UNCUT VERSION', 'EXCLUSIVE', 'PREMIUM'])
  const video = page.locator('video#video-player')
  await expect(video).toHaveAttribute('src', `/media/videos/${PREMIUM_MANUAL}.mp4`)
  await expect(video).toHaveAttribute('controls', '')
  // Chromium fetches it with Range requests and decodes the seeded MP4 (the demo clip the seed made).
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1)
  expect(await video.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(CLIP_SECONDS)
  await expect(page.getByTestId('premium-lock')).toHaveCount(0)
})

test("'Video Not Found' with status 404 for an unknown video", async ({ page }) => {
  for (const id of ['no-such-video', 'bad%20id%3Cx%3E']) {
    const response = await open(page, `/video/${id}`)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Video Not Found' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Browse Videos' })).toHaveAttribute('href', '/vlog')
  }
})

test('JSON-LD VideoObject for a YouTube and a self-hosted video', async ({ page, baseURL }) => {
  await open(page, `/video/${NEWEST}`)
  const youtube = await jsonLd(page)
  expect(youtube).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: 'Community Town Hall: Safety, Trust and What Comes Next',
    description: expect.stringContaining('town hall'),
    thumbnailUrl: [`${baseURL}/media/thumbnails/${NEWEST}.jpg`],
    uploadDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    duration: 'PT1H12M40S',
    embedUrl: `https://www.youtube-nocookie.com/embed/${NEWEST}`,
    interactionStatistic: { '@type': 'InteractionCounter', interactionType: { '@type': 'WatchAction' }, userInteractionCount: expect.any(Number) },
  })
  expect(youtube.hasPart).toHaveLength(6)
  expect(youtube.hasPart[1]).toEqual({
    '@type': 'Clip', name: 'Panellists describe what safety means to them', startOffset: 375, endOffset: 1300, url: `${baseURL}/video/${NEWEST}?t=375`,
  })
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'video.other')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/video/${NEWEST}`)

  await open(page, `/video/${FREE_MANUAL}`)
  const manual = await jsonLd(page)
  expect(manual.contentUrl).toBe(`${baseURL}/media/videos/${FREE_MANUAL}.mp4`)
  expect(manual.embedUrl).toBeUndefined()
  expect(manual.thumbnailUrl).toEqual([`${baseURL}/media/thumbnails/${FREE_MANUAL}.jpg`])
})

test('track-views on load and when the tab becomes visible again', async ({ page }) => {
  const tracked: unknown[] = []
  page.on('request', (req) => {
    if (req.url().endsWith('/api/videos/track-views') && req.method() === 'POST') tracked.push(req.postDataJSON())
  })
  await open(page, `/video/${SECOND}`)
  await expect.poll(() => tracked.length).toBe(1)
  expect(tracked[0]).toEqual({ videoId: SECOND })
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await expect.poll(() => tracked.length).toBe(2)
})

test('auto-play: when a free YouTube video ends, toast and go to the next video', async ({ page }) => {
  // Stand-in for YouTube's iframe API (not reachable here): records the player's event handlers.
  await page.addInitScript(() => {
    const w = window as unknown as { YT: unknown; __ytEvents?: { onStateChange: (e: { data: number }) => void } }
    w.YT = {
      PlayerState: { ENDED: 0 },
      Player: class {
        constructor(_el: unknown, options: { events: { onStateChange: (e: { data: number }) => void } }) {
          w.__ytEvents = options.events
        }
      },
    }
  })
  await open(page, `/video/${NEWEST}`)
  // YouTube's API is attached only once the viewer reaches for the player (a click in it).
  await page.waitForTimeout(300)
  expect(await page.evaluate(() => Boolean((window as unknown as { __ytEvents?: unknown }).__ytEvents))).toBe(false)
  await page.locator('iframe#video-player').click()
  await page.waitForFunction(() => Boolean((window as unknown as { __ytEvents?: unknown }).__ytEvents))
  await page.evaluate(() => (window as unknown as { __ytEvents: { onStateChange: (e: { data: number }) => void } }).__ytEvents.onStateChange({ data: 1 }))
  await page.waitForTimeout(300)
  await expect(page).toHaveURL(new RegExp(`/video/${NEWEST}$`))
  await page.evaluate(() => (window as unknown as { __ytEvents: { onStateChange: (e: { data: number }) => void } }).__ytEvents.onStateChange({ data: 0 }))
  await expectToast(page, 'Auto-playing next video')
  await expect(page).toHaveURL(new RegExp(`/video/${SECOND}\\?autoplay=1$`), { timeout: 5000 })
  await expect(page.locator('iframe#video-player')).toHaveAttribute('src', /[?&]autoplay=1/)
})

test('no auto-play hook on a premium or self-hosted video', async ({ page }) => {
  let apiRequested = false
  await page.route('https://www.youtube.com/iframe_api', (route) => {
    apiRequested = true
    return route.abort()
  })
  await open(page, `/video/${FREE_MANUAL}`)
  await page.waitForTimeout(500)
  expect(apiRequested).toBe(false)
})
