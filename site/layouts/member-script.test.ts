import { describe, expect, it, vi } from 'vitest'

import { BLOG_READ_CLAIM_DELAY_MS, MEMBER_SCRIPT, TIME_ZONE_DELAY_MS, TIME_ZONE_SENT_KEY } from './inline-scripts'

type Call = { method: string; url: string; body: unknown }

/** Runs MEMBER_SCRIPT against fakes; timers run at once and are recorded with their delays. */
async function run({ dataset, zone = 'Asia/Tokyo', session = {}, local = {}, award = { pointsAwarded: 40 } }: {
  dataset: Record<string, string> | null
  zone?: string
  session?: Record<string, string>
  local?: Record<string, string>
  award?: unknown
}) {
  const calls: Call[] = []
  const delays: number[] = []
  const events: string[] = []
  const storage = (data: Record<string, string>) => ({ getItem: (k: string) => data[k] ?? null, setItem: (k: string, v: string) => void (data[k] = v) })
  const win: Record<string, unknown> = { dispatchEvent: (e: { type: string }) => events.push(e.type) }
  const fetch = vi.fn(async (url: string, init: { method: string; body: string }) => {
    calls.push({ method: init.method, url, body: JSON.parse(init.body) })
    return { ok: true, json: async () => award, text: async () => JSON.stringify(award) }
  })
  new Function('document', 'Intl', 'sessionStorage', 'localStorage', 'fetch', 'setTimeout', 'window', 'Event', 'console', MEMBER_SCRIPT)(
    { getElementById: () => (dataset ? { dataset } : null) },
    { DateTimeFormat: () => ({ resolvedOptions: () => ({ timeZone: zone }) }) },
    storage(session),
    storage(local),
    fetch,
    (fn: () => void, ms: number) => (delays.push(ms), fn()),
    win,
    class {
      constructor(public type: string) {}
    },
    { warn: () => undefined },
  )
  await new Promise((resolve) => setTimeout(resolve, 0))
  return { calls, delays, events, win, session, local }
}

describe('MEMBER_SCRIPT', () => {
  it('does nothing for a visitor (no member element)', async () => {
    expect((await run({ dataset: null })).calls).toEqual([])
  })

  it("sends the browser's zone once per session when it differs from the account's, after the page settled", async () => {
    const first = await run({ dataset: { accountZone: 'America/New_York' } })
    expect(first.calls).toEqual([{ method: 'PUT', url: '/api/user/time-zone', body: { timeZone: 'Asia/Tokyo' } }])
    expect(first.delays).toEqual([TIME_ZONE_DELAY_MS])
    expect(first.session[TIME_ZONE_SENT_KEY]).toBe('Asia/Tokyo')
    expect((await run({ dataset: { accountZone: 'America/New_York' }, session: { ...first.session } })).calls).toEqual([])
    expect((await run({ dataset: { accountZone: 'Asia/Tokyo' } })).calls).toEqual([])
  })

  it('claims blog_read for the post after 31 s, once per post, and queues the award for the feedback island', async () => {
    const dataset = { accountZone: 'Asia/Tokyo', readSlug: 'a-post', readDescription: 'Read: A post' }
    const read = await run({ dataset })
    expect(read.calls).toEqual([
      { method: 'POST', url: '/api/points/award', body: { activityType: 'blog_read', contentType: 'blog_post', contentId: 'a-post', description: 'Read: A post' } },
    ])
    expect(read.delays).toEqual([BLOG_READ_CLAIM_DELAY_MS])
    expect(BLOG_READ_CLAIM_DELAY_MS).toBe(31_000)
    expect(read.win.__vojAwards).toEqual([{ award: { pointsAwarded: 40 }, activityType: 'blog_read', description: 'Read: A post' }])
    expect(read.events).toEqual(['voj:award'])
    expect((await run({ dataset, local: { ...read.local } })).calls).toEqual([])
  })
})
