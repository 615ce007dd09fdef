// Going live for real (spec §2 /live, §6 Premium): the creator's stream key goes into an RTMP
// publisher (ffmpeg in place of OBS), the stream goes live by itself, a premium member watches it
// in the player dialog and chats, and the message reaches another premium member at once.
import { randomBytes } from 'node:crypto'

import type { APIRequestContext, Browser, Page } from '@playwright/test'

import { startRtmpPublisher, type RtmpPublisher } from '../helpers/rtmp-publisher'
import { admin, expect, freshRequest, makePremiumAsAdmin, open, registerViaApi, test } from './fixtures'

const origin = () => process.env.E2E_BASE_URL!

async function premiumPage(browser: Browser, api: APIRequestContext): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  const member = await registerViaApi(page)
  await makePremiumAsAdmin(api, member.id)
  return page
}

test('a premium member watches an RTMP publish on /live and chats with another member', async ({ browser }) => {
  test.slow()
  const api = await freshRequest()
  let publisher: RtmpPublisher | null = null
  let streamId: number | null = null
  try {
    const login = await api.post('/api/auth/login', { data: admin(), headers: { origin: origin() } })
    expect(login.status()).toBe(200)
    const title = `Courthouse steps ${randomBytes(3).toString('hex')}`
    // No replay: it would become the newest video on pages other specs read (replays: live-grace.test.ts).
    const created = await api.post('/api/admin/live-streams', { data: { title, keepReplay: false }, headers: { origin: origin() } })
    expect(created.status()).toBe(201)
    const stream = (await created.json()) as { id: number; streamKey: string }
    streamId = stream.id

    // The creator presses Start Streaming: no button in /admin, the publish itself goes live.
    publisher = startRtmpPublisher(Number(process.env.E2E_RTMP_PORT), stream.streamKey)

    const viewer = await premiumPage(browser, api)
    const friend = await premiumPage(browser, api)
    for (const page of [viewer, friend]) {
      await open(page, '/live')
      const card = page.getByTestId('live-stream-card').filter({ has: page.getByRole('heading', { name: title }) })
      // Polled: the card appears once the publish has made the stream live, without a reload.
      await expect(card.getByTestId('live-badge')).toBeVisible({ timeout: 30_000 })
      await card.getByRole('button', { name: /Watch Live/ }).click()
    }

    const player = viewer.getByTestId('live-player')
    await expect(player).toHaveAttribute('data-phase', 'playing', { timeout: 30_000 })
    // The picture moves: the video's clock advances at the live edge.
    const video = player.locator('video')
    const t0 = await video.evaluate((el: HTMLVideoElement) => el.currentTime)
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 15_000 }).toBeGreaterThan(t0 + 1)
    await expect(viewer.getByTestId('live-edge')).toBeVisible()

    const message = `Hello from the steps ${randomBytes(2).toString('hex')}`
    const chat = viewer.getByTestId('live-chat')
    await chat.getByPlaceholder('Say something…').fill(message)
    await chat.getByRole('button', { name: 'Send' }).click()
    await expect(chat.getByTestId('chat-log').getByText(message)).toBeVisible()
    // The other member's chat gets it through the stream's event channel.
    await expect(friend.getByTestId('live-chat').getByTestId('chat-log').getByText(message)).toBeVisible({ timeout: 10_000 })
  } finally {
    await publisher?.stop()
    await api.dispose()
    // A context of its own: the first one's kept-alive socket sat idle while the browsers worked,
    // and the server may close it just as a request is written on it.
    if (streamId !== null) {
      const cleanup = await freshRequest()
      await cleanup.post('/api/auth/login', { data: admin(), headers: { origin: origin() } })
      await cleanup.patch(`/api/admin/live-streams/${streamId}`, { data: { status: 'ended' }, headers: { origin: origin() } })
      await cleanup.dispose()
    }
  }
})
