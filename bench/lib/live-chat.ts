// The live chat case of `npm run bench:live`: members connected to a stream's event channel on two
// server processes sharing one database, messages posted on both, and the time from each post
// to its arrival at every connected member.
import { percentile } from './timed-load'
import { round } from './load'

export type ChatRun = {
  listeners: number
  processes: number
  messages: number
  deliveries: number
  /** Deliveries expected but not seen within the wait: should be 0. */
  missing: number
  /** ms from the start of the POST to the event's arrival. */
  p50: number
  p95: number
  p99: number
  max: number
  postFailures: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Listener = { close: () => void; ready: Promise<void> }

/** One member's event stream: calls `onMessage(body, receivedAt)` for each chat message event. */
function listen(url: string, cookie: string, onMessage: (body: string, at: number) => void): Listener {
  const controller = new AbortController()
  let markReady: () => void = () => {}
  let fail: (error: Error) => void = () => {}
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve
    fail = reject
  })
  void (async () => {
    const res = await fetch(url, { headers: { cookie, accept: 'text/event-stream', 'sec-fetch-site': 'same-origin' }, signal: controller.signal })
    if (!res.ok || !res.body) throw new Error(`events: ${res.status}`)
    markReady()
    const decoder = new TextDecoder()
    let buffer = ''
    const reader = res.body.getReader()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let end: number
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n')
        if (!data) continue
        const event = JSON.parse(data) as { type: string; message?: { body: string } }
        if (event.type === 'message' && event.message) onMessage(event.message.body, performance.now())
      }
    }
  })().catch((error: Error) => {
    fail(error)
    if (error.name !== 'AbortError') console.error('[bench] chat listener failed:', error.message)
  })
  return { close: () => controller.abort(), ready }
}

/**
 * `listeners[i]` connects to `origins[i % origins.length]`; `senders` post `messages` messages in
 * turn, alternating between the origins, `intervalMs` apart.
 */
export async function chatDelivery({
  origins,
  streamId,
  listenerCookies,
  senderCookies,
  messages,
  intervalMs,
}: {
  origins: readonly string[]
  streamId: number
  listenerCookies: readonly string[]
  senderCookies: readonly string[]
  messages: number
  intervalMs: number
}): Promise<ChatRun> {
  const sentAt = new Map<string, number>()
  const times: number[] = []
  const received = new Map<string, number>()
  const listeners = listenerCookies.map((cookie, i) =>
    listen(`${origins[i % origins.length]}/api/live-streams/${streamId}/events`, cookie, (body, at) => {
      const sent = sentAt.get(body)
      if (sent === undefined) return
      times.push(at - sent)
      received.set(body, (received.get(body) ?? 0) + 1)
    }),
  )
  await Promise.all(listeners.map((l) => l.ready))
  let postFailures = 0
  const posts: Promise<void>[] = []
  for (let n = 0; n < messages; n++) {
    const origin = origins[n % origins.length]!
    const cookie = senderCookies[n % senderCookies.length]!
    const body = `bench ${n} ${Math.random().toString(36).slice(2, 8)}`
    sentAt.set(body, performance.now())
    posts.push(
      fetch(`${origin}/api/live-streams/${streamId}/chat`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ body }),
      }).then(async (res) => {
        await res.arrayBuffer()
        if (res.status !== 201) postFailures++
      }, () => void postFailures++),
    )
    await sleep(intervalMs)
  }
  await Promise.all(posts)
  // Stragglers: give the last messages time to arrive everywhere.
  await sleep(2000)
  for (const l of listeners) l.close()
  const expected = (messages - postFailures) * listenerCookies.length
  times.sort((a, b) => a - b)
  return {
    listeners: listenerCookies.length,
    processes: origins.length,
    messages,
    deliveries: times.length,
    missing: Math.max(0, expected - times.length),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    max: round(times.at(-1) ?? 0),
    postFailures,
  }
}
