// SPEC §4 Points award and animations, §8 points, level-up and achievement texts, §2 the avatar
// menu's level chip: what a member sees right after their own action earns points.
import type { Page } from '@playwright/test'

import { posts } from '../../cms/seed/fixtures/posts'
import { videos } from '../../cms/seed/fixtures/videos'
import { atPath, birthDateYearsAgo, expect, expectToast, open, registerViaApi, test, uniqueUsername, waitForIslands } from './fixtures'

// From the end of the list: other specs count the comments on the first ones.
const freeVideos = videos.filter((v) => !v.isPremium && !v.isUncut).map((v) => v.videoId).reverse()
const origin = () => ({ origin: process.env.E2E_BASE_URL! })

/** The member's numbers as the page itself reads them (the session cookie needs a same-origin fetch). */
const statsOf = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/user/stats', { credentials: 'same-origin' })
    return (await res.json()) as { level: number; points: number }
  })

async function commentViaApi(page: Page, videoId: string, content: string) {
  const res = await page.request.post(`/api/videos/${videoId}/comments`, { data: { content }, headers: origin() })
  expect(res.status(), await res.text()).toBe(201)
}

async function commentInPage(page: Page, videoId: string, content: string) {
  await open(page, `/video/${videoId}`)
  const section = page.locator('section#comments')
  await section.scrollIntoViewIfNeeded()
  await expect(page.locator('astro-island[ssr]', { has: section })).toHaveCount(0)
  await section.getByLabel('Comment', { exact: true }).fill(content)
  await section.getByRole('button', { name: 'Post Comment' }).click()
}

/**
 * Records the player's progress beats and claims: the server's own answer to the first beat, then
 * "complete" (playing 80 % for real takes minutes), and a 25-point answer to the claim.
 */
async function recordBeatsThenComplete(page: Page, videoId: string) {
  const beats: unknown[] = []
  const claims: unknown[] = []
  await page.route(`**/api/videos/${videoId}/progress`, async (route) => {
    beats.push(route.request().postDataJSON())
    if (beats.length === 1) return route.continue()
    await route.fulfill({ json: { coveredSeconds: 300, durationSeconds: 312, complete: true } })
  })
  await page.route('**/api/points/award', async (route) => {
    claims.push(route.request().postDataJSON())
    await route.fulfill({ json: { pointsAwarded: 25, levelUp: false, newLevel: null, achievementUnlocked: null } })
  })
  return { beats, claims }
}

test('joining and verifying the age play their points on the page each form leads to', async ({ page }) => {
  const username = uniqueUsername('joins')
  const dateOfBirth = birthDateYearsAgo(30)
  // Each form leaves the page as soon as it is answered: the award is read on its way to the page.
  const awarded = new Map<string, number>()
  await page.route(/\/api\/auth\/(register|verify-age)$/, async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as { award: { pointsAwarded: number } }
    awarded.set(new URL(route.request().url()).pathname, body.award.pointsAwarded)
    await route.fulfill({ response, json: body })
  })
  await open(page, '/register')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Date of birth').fill(dateOfBirth)
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-9')
  await page.getByLabel('Confirm password').fill('correct-horse-9')
  await page.getByRole('button', { name: 'Create Account' }).click()

  // community_join 25, plus 30 for each achievement it unlocks (Founding Member on a young site).
  await expect(page).toHaveURL(atPath('/age-verification'))
  const joinPoints = awarded.get('/api/auth/register')!
  expect(joinPoints >= 25 && (joinPoints - 25) % 30 === 0, String(joinPoints)).toBe(true)
  await expect(page.getByText(`+${joinPoints} points earned!`, { exact: true })).toBeVisible()
  // The form must be live before it is filled (a fill before hydration can be lost).
  await waitForIslands(page)
  await page.getByLabel('Confirm date of birth').fill(dateOfBirth)
  await page.getByRole('button', { name: 'Verify My Age' }).click()

  // age_verification 20, plus 30 for each achievement it unlocks.
  await expect(page).toHaveURL(atPath('/welcome-premium'), { timeout: 20_000 })
  const verifyPoints = awarded.get('/api/auth/verify-age')!
  expect(verifyPoints >= 20 && (verifyPoints - 20) % 30 === 0, String(verifyPoints)).toBe(true)
  // The Premium offer is answered first: its points and toast stay queued, nothing covers the dialog.
  const offer = page.getByRole('dialog')
  await expect(offer).toBeVisible()
  await waitForIslands(page)
  expect(await page.evaluate(() => [sessionStorage.getItem('voj:pending-awards'), sessionStorage.getItem('voj:pending-toast')])).toEqual([expect.any(String), expect.any(String)])
  await expect(page.getByText(`+${verifyPoints} points earned!`, { exact: true })).toHaveCount(0)
  await expect(page.getByText('Age Verification Complete', { exact: true })).toHaveCount(0)
  // Closing it goes home, where they play.
  await offer.getByRole('link', { name: 'Close' }).click()
  await expect(page).toHaveURL(atPath('/'))
  await expect(page.getByText(`+${verifyPoints} points earned!`, { exact: true })).toBeVisible()
  await expectToast(page, 'Age Verification Complete', 'You can now access all platform features.')
})

test('a comment shows +15 points earned! and the Points Earned! toast', async ({ page }) => {
  await registerViaApi(page)
  // The first comment also pays first_comment and its achievement; the second is a plain 15.
  await commentViaApi(page, freeVideos[0]!, 'My first word here.')
  // Count the view first, so the page's own view (de-duplicated for an hour) earns nothing more.
  expect((await page.request.post('/api/videos/track-views', { data: { videoId: freeVideos[1] }, headers: origin() })).status()).toBe(200)
  await commentInPage(page, freeVideos[1]!, 'And a second one, worth fifteen.')

  await expectToast(page, 'Comment Posted')
  const burst = page.getByText('+15 points earned!', { exact: true })
  await expect(burst).toBeVisible()
  await expect(burst).toHaveAttribute('data-tier', 'lowest')
  await expectToast(page, 'Points Earned!', 'You earned 15 points!')
  // The animation hides after 3 s.
  await expect(burst).toHaveCount(0, { timeout: 5000 })
})

test('crossing 100 points shows the level-up overlay, then the avatar menu shows the new level', async ({ page }) => {
  await registerViaApi(page)
  await open(page, '/')
  const { points, level } = await statsOf(page)
  expect(level, 'a new member starts at level 1').toBe(1)

  // Comments pay 55 the first time (15 + first_comment 10 + its achievement 30), then 15 each:
  // post them through the API up to the one that crosses 100, and that one in the page.
  const amounts = [55, 15, 15, 15, 15, 15]
  let total = points
  let crossing = 0
  while (total + amounts[crossing]! < 100) total += amounts[crossing++]!
  for (let i = 0; i < crossing; i++) await commentViaApi(page, freeVideos[i]!, `Warming up, comment ${i + 1}.`)
  expect((await statsOf(page)).level).toBe(1)

  await commentInPage(page, freeVideos[crossing]!, 'This one takes me to Level 2.')
  const overlay = page.getByTestId('level-up-overlay')
  await expect(overlay).toBeVisible()
  await expect(overlay.getByText('LEVEL UP!', { exact: true })).toBeVisible()
  await expect(overlay.getByText("You've reached Level 2!", { exact: true })).toBeVisible()
  await expect(overlay.getByText('Keep engaging to unlock more rewards!', { exact: true })).toBeVisible()
  // Announced (inside a status region), and it leaves focus where it was.
  await expect(page.getByRole('status').filter({ has: overlay })).toHaveCount(1)
  await expect(overlay.locator(':focus')).toHaveCount(0)
  // It hides after 4 s (then the achievement overlay, if any, takes its turn).
  await expect(overlay).toHaveCount(0, { timeout: 6000 })

  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('banner').getByText('Level 2', { exact: true })).toBeAttached()
  await expect(page.getByRole('banner').getByText('Lv 2', { exact: true })).toBeVisible()
})

test('the first bookmark shows its points in the middle tier and the achievement overlay', async ({ page }) => {
  await registerViaApi(page)
  // A post: nothing else on its page earns points in the meantime (a video page's view does).
  await open(page, `/post/${posts.find((p) => p.status === 'published')!.slug}`)
  await page.locator('main').getByRole('button', { name: /^Bookmark/ }).first().click()
  // bookmark_add 5 + first_bookmark 5 + the Collector achievement 30.
  const burst = page.getByText('+40 points earned!', { exact: true })
  await expect(burst).toBeVisible()
  await expect(burst).toHaveAttribute('data-tier', 'middle')
  const overlay = page.getByTestId('achievement-overlay')
  await expect(overlay.getByText('ACHIEVEMENT UNLOCKED!', { exact: true })).toBeVisible()
  await expect(overlay.getByText('Collector', { exact: true })).toBeVisible()
  await expect(overlay).toHaveCount(0, { timeout: 6000 })
})

test('a member who keeps a post open for 30 s earns blog_read', async ({ page }) => {
  test.setTimeout(90_000)
  const post = posts.find((p) => p.status === 'published')!
  await registerViaApi(page)
  const claim = page.waitForResponse((res) => res.url().endsWith('/api/points/award') && res.request().method() === 'POST', { timeout: 45_000 })
  await open(page, `/post/${post.slug}`)
  const res = await claim
  expect(res.status(), await res.text()).toBe(200)
  expect(res.request().postDataJSON()).toMatchObject({ activityType: 'blog_read', contentType: 'blog_post', contentId: post.slug, description: `Read: ${post.title}` })
  // 10 for the read and 30 for the Reader achievement.
  await expect(page.getByText('+40 points earned!', { exact: true })).toBeVisible()
  await expect(page.getByTestId('achievement-overlay').getByText('Reader', { exact: true })).toBeVisible()
})

test('a playing self-hosted video sends progress beats; when the server says complete, the player claims video_complete once', async ({ page }) => {
  const video = videos.find((v) => v.videoId.startsWith('manual_') && !v.isPremium && !v.isUncut)!
  await registerViaApi(page)
  // Count the view first, so the page's own view (de-duplicated for an hour) earns nothing more.
  expect((await page.request.post('/api/videos/track-views', { data: { videoId: video.videoId }, headers: origin() })).status()).toBe(200)
  const { beats, claims } = await recordBeatsThenComplete(page, video.videoId)
  await page.clock.install()
  await open(page, `/video/${video.videoId}`)
  // Headless has no media to play: the element reports playing at a position, as a real one would.
  const play = (position: number) =>
    page.locator('video#video-player').evaluate((el, at) => {
      Object.defineProperty(el, 'paused', { configurable: true, get: () => false })
      Object.defineProperty(el, 'currentTime', { configurable: true, get: () => at })
      el.dispatchEvent(new Event('timeupdate'))
    }, position)
  // The player sends one beat at a time: wait for the server's answer to the first.
  const firstAnswered = page.waitForResponse((r) => r.url().endsWith(`/api/videos/${video.videoId}/progress`))
  await play(1)
  await expect.poll(() => beats.length).toBe(1)
  await firstAnswered
  await play(3) // too soon after the last beat: nothing sent
  await page.clock.runFor(10_000)
  await play(11)
  await expect.poll(() => beats.length).toBe(2)
  expect(beats.map((b) => (b as { position: number }).position)).toEqual([1, 11])
  // Once the file's metadata is in, a beat also carries its length (the seeded 6 s demo clip).
  for (const b of beats) expect([undefined, 6]).toContain((b as { duration?: number }).duration)
  await expect.poll(() => claims.length).toBe(1)
  expect(claims[0]).toEqual({ activityType: 'video_complete', contentType: 'video', contentId: video.videoId, description: `Completed: ${video.title}` })
  await expect(page.getByText('+25 points earned!', { exact: true })).toHaveAttribute('data-tier', 'middle')
  // Complete: no more beats, no second claim.
  await page.clock.runFor(10_000)
  await play(21)
  await page.clock.runFor(1000)
  expect(beats.length).toBe(2)
  expect(claims.length).toBe(1)
})

test('a playing YouTube video sends progress beats from the iframe API; paused, it sends none; complete, it claims once', async ({ page }) => {
  const videoId = freeVideos[4]!
  expect(videos.find((v) => v.videoId === videoId)?.source).toBe('youtube')
  await registerViaApi(page)
  expect((await page.request.post('/api/videos/track-views', { data: { videoId }, headers: origin() })).status()).toBe(200)
  // Stand-in for YouTube's iframe API (not reachable here): a player whose state and position the test sets.
  await page.addInitScript(() => {
    const w = window as unknown as { YT: unknown; __yt: { state: number; time: number } }
    w.__yt = { state: -1, time: 0 }
    w.YT = {
      PlayerState: { ENDED: 0, PLAYING: 1 },
      Player: class {
        getPlayerState = () => w.__yt.state
        getCurrentTime = () => w.__yt.time
      },
    }
  })
  const { beats, claims } = await recordBeatsThenComplete(page, videoId)
  await page.clock.install()
  await open(page, `/video/${videoId}`)
  // The page attaches YouTube's API once the viewer reaches for the player (a click in it).
  await page.locator('iframe#video-player').click()
  const player = (state: number, time: number) => page.evaluate(([s, t]) => Object.assign((window as unknown as { __yt: object }).__yt, { state: s, time: t }), [state, time])

  await player(2, 4) // paused: the ticker sends nothing
  await page.clock.runFor(3000)
  expect(beats).toEqual([])
  const firstAnswered = page.waitForResponse((r) => r.url().endsWith(`/api/videos/${videoId}/progress`))
  await player(1, 5)
  await page.clock.runFor(1000)
  await expect.poll(() => beats.length).toBe(1)
  expect((await firstAnswered).status()).toBe(200)
  await player(1, 15)
  await page.clock.runFor(10_000)
  await expect.poll(() => beats.length).toBe(2)
  expect(beats).toEqual([{ position: 5 }, { position: 15 }])
  await expect.poll(() => claims.length).toBe(1)
  expect(claims[0]).toMatchObject({ activityType: 'video_complete', contentType: 'video', contentId: videoId })
  await expect(page.getByText('+25 points earned!', { exact: true })).toBeVisible()
  await page.clock.runFor(20_000)
  expect(beats.length).toBe(2)
})

test("a member's shared video earns content_share once, with the points animation", async ({ page, context }) => {
  const baseURL = process.env.E2E_BASE_URL!
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  await registerViaApi(page)
  const videoId = freeVideos[3]!
  // Count the view first, so the page's own view (de-duplicated for an hour) earns nothing more.
  const view = await page.request.post('/api/videos/track-views', { data: { videoId }, headers: origin() })
  expect(view.status()).toBe(200)
  const claims: unknown[] = []
  page.on('request', (req) => {
    if (req.url().endsWith('/api/points/award')) claims.push(req.postDataJSON())
  })
  await open(page, `/video/${videoId}`)
  const share = page.getByRole('button', { name: 'Share Video' })
  await share.click()
  await expectToast(page, 'Link copied!')
  await expect(page.getByText('+5 points earned!', { exact: true })).toBeVisible()
  await share.click()
  await page.waitForTimeout(500)
  expect(claims).toEqual([{ activityType: 'content_share', contentType: 'video', contentId: videoId, description: expect.stringMatching(/^Shared: /) }])
})
