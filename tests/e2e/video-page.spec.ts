// The watch page's layout: each piece of content once, the description's 300-character
// Preview expanding in place, chapters that seek the player and mark where it is, the reading
// order on a phone, and a page that settles (network idle) so it can be measured.
import { randomBytes } from 'node:crypto'

import type { APIRequestContext, Locator, Page } from '@playwright/test'

import { admin, expect, freshRequest, open, registerViaApi, test } from './fixtures'

const NEWEST = 'CsBlIZ1NAIR' // YouTube, 6 key moments, 5 tags, an enhanced description
const FREE_MANUAL = 'manual_noib0upzhq' // self-hosted, a 6 s clip
const DESCRIPTION_START = 'Neighbours, youth leaders, faith leaders'
const YOUTUBE = /^https:\/\/(www\.youtube(-nocookie)?\.com|i\.ytimg\.com)\//

/** A self-hosted video made for these tests: a description over 300 characters and three chapters on the seeded clip. */
const LONG = {
  videoId: `manual_vp${randomBytes(4).toString('hex')}`,
  description: `${'A long look at how a block association grew from six neighbours to three hundred members. '.repeat(4)}THE-END-OF-IT`,
}
let admRequest: APIRequestContext
let createdId: number | undefined

/** POST as the admin (signed in once: sign-ins of one account in other workers no longer end this session). */
async function postAsAdmin(path: string, data: unknown) {
  const origin = process.env.E2E_BASE_URL!
  const login = await admRequest.post('/api/auth/login', { data: admin(), headers: { origin } })
  expect(login.status()).toBe(200)
  return admRequest.post(path, { data, headers: { origin } })
}

test.beforeAll(async () => {
  admRequest = await freshRequest()
  const created = await postAsAdmin('/cms/api/videos', {
    videoId: LONG.videoId,
    title: `Chapters and a long description ${LONG.videoId}`,
    description: LONG.description,
    // Older than every seeded video: the lists and 'up next' other specs read stay as seeded.
    publishedAt: '2001-01-02T00:00:00.000Z',
    source: 'manual',
    videoUrl: `/media/videos/${FREE_MANUAL}.mp4`,
    duration: 'PT6S',
    tags: ['organising', 'neighbours'],
    keyMoments: [
      { timestamp: '0:00', description: 'Six neighbours' },
      { timestamp: '0:02', description: 'The first meeting' },
      { timestamp: '0:04', description: 'Three hundred members' },
    ],
  })
  expect(created.status(), await created.text()).toBe(201)
  createdId = ((await created.json()) as { doc: { id: number } }).doc.id
})

test.afterAll(async () => {
  if (createdId) await admRequest.delete(`/cms/api/videos/${createdId}`, { headers: { origin: process.env.E2E_BASE_URL! } })
  await admRequest.dispose()
})

test.beforeEach(async ({ page }) => page.route(YOUTUBE, (route) => route.abort()))

const visible = (page: Page, text: string) => page.getByText(text).filter({ visible: true })

/** Where an element starts on the page (not in the viewport: clicking scrolls). */
const pageTop = (locator: Locator) => locator.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)

/** The accessible names of the controls Tab reaches, from the top of the page down to the comments. */
async function tabStops(page: Page, stopAt: RegExp, max = 80): Promise<string[]> {
  const names: string[] = []
  await page.locator('body').focus()
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      return (el?.getAttribute('aria-label') || el?.innerText || el?.getAttribute('placeholder') || el?.tagName || '').trim()
    })
    names.push(name)
    if (stopAt.test(name)) break
  }
  return names
}

for (const width of [1280, 390]) {
  test(`${width} px: each piece of content shows once`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await open(page, `/video/${NEWEST}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    // One description (the original's preview, not repeated as a summary), one enhanced description.
    await expect(visible(page, DESCRIPTION_START)).toHaveCount(1)
    await expect(visible(page, 'A wide-ranging town hall')).toHaveCount(1)
    // One key-moment list, its timestamps shown once (the content summary waits, collapsed).
    await expect(page.getByTestId('key-moments')).toHaveCount(1)
    await expect(visible(page, '21:40')).toHaveCount(1)
    // One tag list; the views, comments and date once (the facts line is the Engagement figures).
    await expect(page.getByRole('list', { name: 'Topics' })).toHaveCount(1)
    await expect(visible(page, '#public safety')).toHaveCount(1)
    await expect(visible(page, '4.8K')).toHaveCount(1)
    await expect(page.getByRole('heading', { name: 'Engagement' })).toHaveCount(0)
    // One bookmark control, reached once by Tab.
    await expect(page.getByRole('button', { name: /^Bookmark/ })).toHaveCount(1)
    const stops = await tabStops(page, /Post Comment|Sign in/)
    expect(stops.filter((name) => /^Bookmark(ed)?$/.test(name))).toHaveLength(1)
    expect(stops.filter((name) => name === 'Share Video')).toHaveLength(1)
    // Landmarks have unique names.
    const landmarks = await page.locator('main, nav, aside, header, footer, section[aria-label], section[aria-labelledby], [role="region"], [role="group"][aria-label]').evaluateAll((els) =>
      els.map((el) => {
        const labelledBy = el.getAttribute('aria-labelledby')
        const name = el.getAttribute('aria-label') ?? (labelledBy ? document.getElementById(labelledBy)?.textContent?.trim() : '')
        return `${el.getAttribute('role') ?? el.tagName}:${name}`
      }).filter((key) => !/:$/.test(key)),
    )
    expect(new Set(landmarks).size).toBe(landmarks.length)
  })
}

test('the description preview (300 characters) expands in place, and back', async ({ page }) => {
  await open(page, `/video/${LONG.videoId}`)
  const preview = page.getByTestId('video-summary')
  await expect(preview).toBeVisible()
  const text = (await preview.textContent())!.trim()
  expect(text.endsWith('…')).toBe(true)
  expect(text.length).toBe(LONG.description.slice(0, 300).trimEnd().length + 1)
  await expect(visible(page, 'THE-END-OF-IT')).toHaveCount(0)
  const top = await pageTop(preview)

  await page.getByText('Show more').click()
  const full = page.getByTestId('full-description')
  await expect(full).toBeVisible()
  await expect(preview).toBeHidden()
  await expect(visible(page, 'THE-END-OF-IT')).toHaveCount(1)
  await expect(visible(page, 'A long look at how a block association grew').first()).toBeVisible()
  // In place: the whole text starts where the preview stood, and 'Show less' follows it.
  expect(Math.abs((await pageTop(full)) - top)).toBeLessThan(2)
  const less = page.getByText('Show less')
  expect(await pageTop(less)).toBeGreaterThan(await pageTop(full))

  await less.click()
  await expect(preview).toBeVisible()
  await expect(full).toBeHidden()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the description still expands (a native disclosure)', async ({ page }) => {
    await page.goto(`/video/${LONG.videoId}`)
    await page.getByText('Show more').click()
    await expect(page.getByTestId('full-description')).toBeVisible()
  })
})

test('a chapter click seeks the player in place and marks the chapter playing', async ({ page }) => {
  await open(page, `/video/${LONG.videoId}`)
  const player = page.locator('video#video-player')
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1)
  const chapters = page.getByRole('region', { name: 'Key Moments' })
  const third = chapters.getByRole('link', { name: /0:04 Three hundred members/ })
  await expect(third).toHaveAttribute('href', `/video/${LONG.videoId}?t=4`)
  await third.click()
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(4)
  expect(new URL(page.url()).search).toBe('')
  await player.evaluate((v: HTMLVideoElement) => v.pause())
  await expect(third).toHaveAttribute('aria-current', 'time')
  await expect(chapters.locator('[aria-current]')).toHaveCount(1)
  // The timeline under the player: the first two chapters are played through, the third begun.
  const fills = await page.locator('[data-chapter-segment]').evaluateAll((els) => els.map((el) => Number((el as HTMLElement).style.getPropertyValue('--fill'))))
  expect(fills.slice(0, 2)).toEqual([1, 1])
  expect(fills[2]).toBeGreaterThanOrEqual(0)

  // By keyboard, back to the second chapter.
  await chapters.getByRole('link', { name: /0:02 The first meeting/ }).focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(2)
  expect(await player.evaluate((v: HTMLVideoElement) => (v.pause(), v.currentTime < 4))).toBe(true)
  await expect(chapters.getByRole('link', { name: /0:02 The first meeting/ })).toHaveAttribute('aria-current', 'time')
})

test('a chapter click seeks the YouTube player through its message protocol', async ({ page }) => {
  // Routes run newest first: the stand-in embed answers before the abort of everything else YouTube.
  // Stand-in for the embed (YouTube is not reachable here): records commands and reports its time as YouTube's player does.
  await page.route(/^https:\/\/www\.youtube-nocookie\.com\/embed\//, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<script>addEventListener('message', (e) => { const m = JSON.parse(e.data); if (m.func === 'seekTo') parent.postMessage(JSON.stringify({ event: 'infoDelivery', info: { currentTime: m.args[0] } }), '*'); parent.postMessage(JSON.stringify({ event: 'command-seen', func: m.func || m.event, args: m.args }), '*') })</script>`,
    }),
  )
  await page.addInitScript(() => {
    const w = window as unknown as { __commands: unknown[] }
    w.__commands = []
    addEventListener('message', (e) => {
      try {
        const m = JSON.parse(e.data as string) as { event?: string }
        if (m.event === 'command-seen') w.__commands.push(m)
      } catch {
        // not ours
      }
    })
  })
  await open(page, `/video/${NEWEST}`)
  const chapter = page.getByRole('region', { name: 'Key Moments' }).getByRole('link', { name: /21:40/ })
  await chapter.click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { __commands: { func: string; args?: unknown[] }[] }).__commands.find((c) => c.func === 'seekTo')?.args)).toEqual([1300, true])
  await expect(chapter).toHaveAttribute('aria-current', 'time')
  expect(new URL(page.url()).search).toBe('')
})

test('390 px: player, title, actions, description, chapters, comments, then recommendations', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await open(page, `/video/${NEWEST}`)
  const parts = [
    page.locator('#video-player'),
    page.getByRole('heading', { level: 1 }),
    page.getByRole('group', { name: 'Quick Actions' }),
    page.getByRole('region', { name: 'About This Video' }),
    page.getByRole('region', { name: 'Key Moments' }),
    page.locator('section#comments'),
    page.getByRole('region', { name: 'Up Next' }),
    page.getByTestId('recommended-videos'),
  ]
  const tops: number[] = []
  for (const part of parts) {
    const box = await part.boundingBox()
    expect(box, String(part)).not.toBeNull()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
    tops.push(box!.y)
  }
  expect(tops).toEqual([...tops].sort((a, b) => a - b))
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('1280 px: Up Next and the recommended videos sit beside the main column', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await open(page, `/video/${NEWEST}`)
  const player = (await page.locator('#video-player').boundingBox())!
  const upNext = (await page.getByRole('region', { name: 'Up Next' }).boundingBox())!
  expect(upNext.x).toBeGreaterThan(player.x + player.width)
  expect(upNext.y).toBeLessThan(player.y + player.height)
  expect(player.width).toBeGreaterThan(700)
})

for (const [kind, videoId] of [['YouTube', NEWEST], ['self-hosted', FREE_MANUAL]] as const) {
  test(`the ${kind} video page reaches network idle, its view reported and answered`, async ({ page }) => {
    const tracked = page.waitForResponse((r) => r.url().endsWith('/api/videos/track-views'))
    await page.goto(`/video/${videoId}`)
    const response = await tracked
    expect(response.status()).toBe(200)
    expect(await response.json()).toMatchObject({ viewCount: expect.any(Number) })
    await page.waitForLoadState('networkidle')
  })
}

test("a member's page: the bookmark shows their state, once", async ({ page }) => {
  await registerViaApi(page)
  await open(page, `/video/${NEWEST}`)
  const bookmark = page.getByRole('button', { name: /^Bookmark/ })
  await expect(bookmark).toHaveCount(1)
  await bookmark.click()
  await expect(page.getByRole('button', { name: 'Bookmarked' })).toHaveCount(1)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Bookmarked' })).toHaveCount(1)
  await page.waitForLoadState('networkidle')
})
