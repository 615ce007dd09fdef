// /live (spec §2 Member screens): sign-in required; 'Live Now' cards with LIVE and Premium badges,
// viewers and 'Watch Live'; upcoming streams on the viewer's own clock; the non-premium banner and
// lock; the player dialog with the platform's embed or the site's own HLS ('Stream will begin
// shortly...' until media arrives); a stream that goes live shows up without a reload.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { APIRequestContext, Page } from '@playwright/test'

import { LIVE_LIST_REFRESH_MS } from '../../shared/constants'
import { PREMIUM_REQUIRED, PREMIUM_REQUIRED_DESCRIPTION } from '../../shared/messages'
import { admin, expect, freshRequest, makePremiumAsAdmin, open, registerViaApi, SHOTS_DIR, test } from './fixtures'

const origin = () => process.env.E2E_BASE_URL!
const tag = () => randomBytes(3).toString('hex')

type Created = { id: number; title: string }

/** The suite's admin, signed in on a request context of its own. */
async function adminApi(): Promise<APIRequestContext> {
  const request = await freshRequest()
  const login = await request.post('/api/auth/login', { data: admin(), headers: { origin: origin() } })
  expect(login.status()).toBe(200)
  return request
}

async function createStream(api: APIRequestContext, data: Record<string, unknown>, { live = true } = {}): Promise<Created> {
  const res = await api.post('/api/admin/live-streams', { data, headers: { origin: origin() } })
  expect(res.status(), await res.text()).toBe(201)
  const stream = (await res.json()) as Created
  if (live) {
    const patch = await api.patch(`/api/admin/live-streams/${stream.id}`, { data: { status: 'live' }, headers: { origin: origin() } })
    expect(patch.status(), await patch.text()).toBe(200)
  }
  return stream
}

async function endStream(api: APIRequestContext, id: number) {
  await api.patch(`/api/admin/live-streams/${id}`, { data: { status: 'ended' }, headers: { origin: origin() } })
}

const card = (page: Page, title: string) => page.getByTestId('live-stream-card').filter({ has: page.getByRole('heading', { name: title }) })

test.describe('/live', () => {
  let api: APIRequestContext
  const started: number[] = []

  // A signed-in admin context per test: a kept-alive socket left idle between tests can be closed
  // by the server just as the next test writes on it.
  test.beforeEach(async () => {
    api = await adminApi()
  })
  test.afterEach(async () => {
    for (const id of started.splice(0)) await endStream(api, id)
    await api.dispose()
  })

  test('a visitor gets the sign-in-required state, never stored', async ({ page }) => {
    const response = await open(page, '/live')
    expect(response?.status()).toBe(401)
    expect(response?.headers()['cache-control']).toBe('private, no-store')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In Required' })).toBeVisible()
    await expect(page.locator('#main').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?next=/live')
    await expect(page.getByTestId('live-stream-card')).toHaveCount(0)
  })

  test("a non-premium member sees a premium stream's card and the upgrade banner, and 'Watch Live' shows the lock", async ({ page }) => {
    const stream = await createStream(api, { title: `Uncut town hall ${tag()}`, isPremium: true, platform: 'obs' })
    started.push(stream.id)
    await registerViaApi(page)
    const response = await open(page, '/live')
    expect(response?.headers()['cache-control']).toBe('private, no-store')
    await expect(page.getByRole('heading', { level: 1, name: 'Live Streams' })).toBeVisible()

    const banner = page.getByTestId('premium-banner')
    await expect(banner.getByRole('heading', { name: PREMIUM_REQUIRED })).toBeVisible()
    await expect(banner.getByText(PREMIUM_REQUIRED_DESCRIPTION)).toBeVisible()
    await expect(banner.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscribe')

    const c = card(page, stream.title)
    await expect(c.getByTestId('live-badge')).toHaveText('Live')
    await expect(c.getByTestId('premium-badge')).toHaveText('Premium')
    await expect(c.getByTestId('viewer-count')).toHaveText(/^\d+(\.\d)?K? watching$/)
    await expect(c.getByText('OBS Studio')).toBeVisible()
    await expect(page.getByTestId('platform-info').getByRole('heading')).toHaveText(['OBS Studio', 'StreamYard', 'YouTube Live'])

    await page.screenshot({ path: `${SHOTS_DIR}/live-page-member.png`, fullPage: true })
    await c.getByRole('button', { name: 'Watch Live' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: PREMIUM_REQUIRED })).toBeVisible()
    await expect(dialog.getByText(PREMIUM_REQUIRED_DESCRIPTION)).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscribe')
    await expect(dialog.locator('video, iframe')).toHaveCount(0)
    await page.screenshot({ path: `${SHOTS_DIR}/live-premium-required.png` })
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
  })

  test('a premium member watches a YouTube Live embed and waits on an OBS stream with no media yet', async ({ page }) => {
    const youtube = await createStream(api, { title: `YouTube live ${tag()}`, platform: 'youtube', streamUrl: 'https://www.youtube.com/embed/e2eLiveDemo', isPremium: true })
    const obs = await createStream(api, { title: `OBS live ${tag()}`, platform: 'obs', isPremium: true })
    started.push(youtube.id, obs.id)
    // The embed is not fetched from the real YouTube: the test only reads what the dialog frames.
    await page.route('https://www.youtube.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>player</p>' }))
    const { id } = await registerViaApi(page)
    const request = await freshRequest()
    try {
      await makePremiumAsAdmin(request, id)
    } finally {
      await request.dispose()
    }
    await open(page, '/live')
    await expect(page.getByTestId('premium-banner')).toHaveCount(0)

    await card(page, youtube.title).getByRole('button', { name: 'Watch Live' }).click()
    let dialog = page.getByRole('dialog', { name: youtube.title })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByTestId('live-embed')).toHaveAttribute('src', 'https://www.youtube.com/embed/e2eLiveDemo')
    await expect(dialog.getByText('YouTube Live', { exact: true })).toBeVisible()
    await expect(dialog.getByTestId('live-chat')).toBeVisible()
    await dialog.getByRole('button', { name: 'Close player' }).click()
    await expect(dialog).toHaveCount(0)

    await card(page, obs.title).getByRole('button', { name: 'Watch Live' }).click()
    dialog = page.getByRole('dialog', { name: obs.title })
    await expect(dialog.getByTestId('live-player')).toHaveAttribute('data-phase', 'waiting')
    await expect(dialog.getByText('Stream will begin shortly...')).toBeVisible()
    await expect(dialog.locator('iframe')).toHaveCount(0)
    await page.screenshot({ path: `${SHOTS_DIR}/live-player-waiting.png` })
  })

  test('a stream that goes live shows up without a reload; upcoming times are on the viewer\'s clock', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: origin(), timezoneId: 'Asia/Tokyo' })
    const page = await context.newPage()
    try {
      const upcoming = await createStream(api, { title: `Scheduled ${tag()}`, isPremium: false, scheduledAt: '2031-03-04T05:06:00.000Z' }, { live: false })
      await registerViaApi(page)
      await open(page, '/live')
      const item = page.getByTestId('upcoming-stream').filter({ hasText: upcoming.title })
      // 05:06 UTC is 2:06 PM in Tokyo (GMT+9), whatever zone the server keeps.
      await expect(item.getByTestId('local-date-time')).toHaveText('Mar 04, 2031 at 2:06 PM GMT+9')
      await expect(item.getByTestId('premium-badge')).toHaveCount(0)

      const later = await createStream(api, { title: `Goes live later ${tag()}`, isPremium: false, platform: 'obs' })
      started.push(later.id)
      await expect(card(page, later.title)).toBeVisible({ timeout: LIVE_LIST_REFRESH_MS + 10_000 })
      await expect(card(page, later.title).getByTestId('premium-badge')).toHaveCount(0)
    } finally {
      await context.close()
    }
  })

  // The chat's server side is built separately: here its endpoints are stubbed at the browser with
  // the contract's shapes, so the panel's own behaviour (history, channel events, posting, the
  // counter, 429, the moderator menu, plain text) is pinned down on its own.
  test('the chat panel shows history and channel events, posts, slows down on 429 and offers moderators Delete (stubbed endpoints)', async ({ page }) => {
    const stream = await createStream(api, { title: `Chatty live ${tag()}`, platform: 'youtube', streamUrl: 'https://www.youtube.com/embed/e2eChat', isPremium: false })
    started.push(stream.id)
    await page.route('https://www.youtube.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>player</p>' }))
    const author = (id: number, username: string, roles: Partial<Record<'isAdmin' | 'isPremium' | 'isModerator', boolean>> = {}) => ({
      id, username, avatarUrl: null, isAdmin: false, isPremium: false, isModerator: false, ...roles,
    })
    const at = (s: number) => new Date(Date.now() - 60_000 + s * 1000).toISOString()
    const history = [
      { id: 1, streamId: stream.id, body: 'Welcome everyone!', createdAt: at(0), author: author(1, 'creator', { isAdmin: true }) },
      { id: 2, streamId: stream.id, body: '<b>not bold</b> & plain', createdAt: at(1), author: author(2, 'premium_fan', { isPremium: true }) },
      { id: 3, streamId: stream.id, body: 'Hi from the moderators', createdAt: at(2), author: author(3, 'mod_amy', { isModerator: true }) },
    ]
    const { id: selfId, username } = await registerViaApi(page)
    let posts = 0
    await page.route(`**/api/live-streams/${stream.id}/chat`, async (route) => {
      if (route.request().method() === 'GET') return route.fulfill({ json: { messages: history, canChat: true, canModerate: true, muted: false, status: 'live' } })
      posts += 1
      if (posts > 1) return route.fulfill({ status: 429, headers: { 'retry-after': '5' }, json: { error: 'Too many messages.' } })
      const { body } = route.request().postDataJSON() as { body: string }
      return route.fulfill({ status: 201, json: { id: 100, streamId: stream.id, body, createdAt: new Date().toISOString(), author: author(selfId, username) } })
    })
    await page.route(`**/api/live-streams/${stream.id}/chat/*`, (route) => route.fulfill({ status: 204 }))
    const pushed = { id: 4, streamId: stream.id, body: 'Arrived on the channel', createdAt: at(3), author: author(4, 'late_viewer') }
    await page.route(`**/api/live-streams/${stream.id}/events`, (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' },
        body: `retry: 60000\n\ndata: ${JSON.stringify({ type: 'message', message: pushed })}\n\ndata: ${JSON.stringify({ type: 'viewers', viewerCount: 1500, maxViewers: 1600 })}\n\n`,
      }),
    )
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
    await open(page, '/live')
    await card(page, stream.title).getByRole('button', { name: 'Watch Live' }).click()
    const dialog = page.getByRole('dialog', { name: stream.title })
    const log = dialog.getByRole('log', { name: 'Live Chat messages' })
    await expect(log.getByTestId('chat-message')).toHaveCount(4)
    await expect(log.getByText('<b>not bold</b> & plain', { exact: true })).toBeVisible()
    await expect(log.locator('b')).toHaveCount(0)
    await expect(log.getByTestId('chat-message').last()).toContainText('Arrived on the channel')
    await expect(log.getByRole('list', { name: "creator's roles" })).toContainText('Admin')
    await expect(dialog.getByTestId('dialog-viewers')).toHaveText('· 1.5K watching')

    const input = dialog.getByRole('textbox', { name: 'Send a message' })
    await input.fill('Hello')
    await expect(dialog.getByText('5/300')).toBeVisible()
    await dialog.getByRole('button', { name: 'Send' }).click()
    await expect(log.getByTestId('chat-message').last()).toContainText('Hello')
    await expect(input).toHaveValue('')
    await input.fill('Again')
    await dialog.getByRole('button', { name: 'Send' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Slow down… You can send again in 5 seconds.')
    await page.screenshot({ path: `${SHOTS_DIR}/live-player-chat-dark.png` })

    await log.getByRole('button', { name: "Moderate mod_amy's message" }).click()
    await expect(page.getByRole('menuitem', { name: 'Mute this member' })).toBeVisible()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await expect(log.getByText('Hi from the moderators')).toHaveCount(0)
  })

  test("an ended stream links its replay, and the replay's page opens the stream's chat read only when asked (history stubbed)", async ({ page }) => {
    const suffix = tag()
    const videoId = `liveReplay${suffix}`
    const made = await api.post('/cms/api/videos', {
      data: { videoId, title: `Replay of the town hall ${suffix}`, publishedAt: new Date().toISOString(), source: 'youtube' },
      headers: { origin: origin() },
    })
    expect(made.status(), await made.text()).toBe(201)
    const videoDocId = ((await made.json()) as { doc: { id: number } }).doc.id
    const stream = await createStream(api, { title: `Ended town hall ${suffix}`, isPremium: false, platform: 'obs', keepReplay: false })
    await endStream(api, stream.id)
    // The end runs the replay job, which writes 'off' (keepReplay false): linked by hand once it has.
    await expect
      .poll(async () => ((await (await api.get(`/cms/api/live-streams/${stream.id}`, { headers: { origin: origin() } })).json()) as { replayStatus?: string }).replayStatus, { timeout: 90_000 })
      .toBe('off')
    const linked = await api.patch(`/cms/api/live-streams/${stream.id}`, { data: { replayVideo: videoDocId }, headers: { origin: origin() } })
    expect(linked.status(), await linked.text()).toBe(200)
    try {
      const chatReads: string[] = []
      await page.route(`**/api/live-streams/${stream.id}/chat`, (route) => {
        chatReads.push(route.request().method())
        return route.fulfill({
          json: {
            messages: [{ id: 9, streamId: stream.id, body: 'What a stream!', createdAt: new Date().toISOString(), author: { id: 1, username: 'replay_fan', avatarUrl: null, isAdmin: false, isPremium: true, isModerator: false } }],
            canChat: false,
            canModerate: false,
            muted: false,
            status: 'ended',
          },
        })
      })
      await registerViaApi(page)
      await open(page, '/live')
      const ended = page.getByTestId('ended-stream').filter({ hasText: stream.title })
      await expect(ended.getByRole('link', { name: 'Watch the replay' })).toHaveAttribute('href', `/video/${videoId}`)
      await expect(ended.getByTestId('live-badge')).toHaveCount(0)

      await open(page, `/video/${videoId}`)
      const replay = page.getByTestId('chat-replay')
      const toggle = replay.getByRole('button', { name: 'Chat Replay' })
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      expect(chatReads).toEqual([])
      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-expanded', 'true')
      await expect(replay.getByRole('log', { name: 'Chat Replay messages' }).getByText('What a stream!')).toBeVisible()
      await expect(replay.getByRole('textbox')).toHaveCount(0)
      expect(chatReads).toEqual(['GET'])
      await page.screenshot({ path: `${SHOTS_DIR}/live-chat-replay.png` })
    } finally {
      await api.delete(`/api/admin/live-streams/${stream.id}`, { headers: { origin: origin() } })
      await api.delete(`/cms/api/videos/${videoDocId}`, { headers: { origin: origin() } })
    }
  })

  // The ingest is built separately: its playlist is stubbed at the browser with a few seconds of
  // ffmpeg's test picture (a live playlist: no end tag), answering 404 first as the contract says.
  test("an OBS stream's player waits through the playlist's 404s, plays at the live edge, and 'Go to live' returns from behind (media stubbed)", async ({ page }) => {
    const dir = mkdtempSync(join(tmpdir(), 'live-hls-'))
    try {
      execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=30', '-t', '12', '-c:v', 'libx264', '-preset', 'veryfast', '-g', '60', '-pix_fmt', 'yuv420p', '-f', 'hls', '-hls_time', '2', '-hls_list_size', '0', join(dir, 'index.m3u8')])
      writeFileSync(join(dir, 'index.m3u8'), readFileSync(join(dir, 'index.m3u8'), 'utf8').replace('#EXT-X-ENDLIST\n', ''))
      const stream = await createStream(api, { title: `OBS playing ${tag()}`, isPremium: false, platform: 'obs' })
      started.push(stream.id)
      let playlistAsks = 0
      await page.route(`**/live-hls/${stream.id}/*`, (route) => {
        const name = new URL(route.request().url()).pathname.split('/').pop()!
        if (!/^index\d*\.(m3u8|ts)$/.test(name)) return route.fulfill({ status: 404, json: { error: 'Not found.' } })
        if (name === 'index.m3u8' && ++playlistAsks <= 2) return route.fulfill({ status: 404, json: { error: 'The stream has not started yet.' } })
        // After the test the folder is gone while the player may still ask: answered as a 404.
        if (!existsSync(join(dir, name))) return route.fulfill({ status: 404, json: { error: 'Not found.' } })
        return route.fulfill({ status: 200, contentType: name.endsWith('.ts') ? 'video/mp2t' : 'application/vnd.apple.mpegurl', body: readFileSync(join(dir, name)) })
      })
      await registerViaApi(page)
      await open(page, '/live')
      await card(page, stream.title).getByRole('button', { name: 'Watch Live' }).click()
      const player = page.getByRole('dialog', { name: stream.title }).getByTestId('live-player')
      await expect(player).toHaveAttribute('data-phase', 'waiting')
      await expect(player.getByText('Stream will begin shortly...')).toBeVisible()
      await expect(player).toHaveAttribute('data-phase', 'playing', { timeout: 20_000 })
      expect(playlistAsks).toBeGreaterThan(2)
      const edge = player.getByTestId('live-edge')
      await expect(edge).toHaveAttribute('data-at-edge', '1')
      await player.locator('video').evaluate((video: HTMLVideoElement) => video.pause())
      await expect(edge).toHaveAttribute('data-at-edge', '0')
      await player.getByRole('button', { name: 'Go to live' }).click()
      await expect(edge).toHaveAttribute('data-at-edge', '1')
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
