// Shared by the live chat suites (not a test file itself): streams, server-sent events, clients on a second server.
import { expect } from 'vitest'

import { liveEventsPath } from '../../shared/constants'
import type { LiveStreamEvent } from '../../shared/types/live'
import { ApiClient } from '../helpers/api-client'

/** The same member (cookie and address) speaking to another server process. */
export function onServer(client: ApiClient, url: string): ApiClient {
  const other = new ApiClient(url, client.ip)
  other.cookie = client.cookie
  return other
}

/** A stream created by the admin, moved to `status` through the admin API. */
export async function createStream(admin: ApiClient, { isPremium = false, status = 'live' }: { isPremium?: boolean; status?: 'scheduled' | 'live' | 'ended' } = {}) {
  const created = await admin.post('/api/admin/live-streams', { title: `Chat stream ${Math.random().toString(36).slice(2, 8)}`, isPremium })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const id = created.body.id as number
  if (status !== 'scheduled') await setStatus(admin, id, 'live')
  if (status === 'ended') await setStatus(admin, id, 'ended')
  return id
}

export async function setStatus(admin: ApiClient, id: number, status: 'live' | 'ended') {
  const res = await admin.patch(`/api/admin/live-streams/${id}`, { status })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

export type EventStream = {
  status: number
  headers: Headers
  body: unknown
  events: LiveStreamEvent[]
  /** Resolves with the first event (already received or still to come) that matches. */
  next: (match: (event: LiveStreamEvent) => boolean, timeoutMs?: number) => Promise<LiveStreamEvent>
  /** Resolves when the server ends the stream (or close() aborts it). */
  ended: Promise<void>
  close: () => void
}

/**
 * A browser's EventSource, read by hand: resolves once the stream has said `retry:` (the server
 * subscribed before it), or with the refusal's status and JSON body.
 */
export async function openEvents(baseUrl: string, streamId: number | string, cookie: string | null): Promise<EventStream> {
  const controller = new AbortController()
  const res = await fetch(baseUrl + liveEventsPath(streamId), {
    headers: { accept: 'text/event-stream', 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
    signal: controller.signal,
  })
  const events: LiveStreamEvent[] = []
  const waiters = new Set<() => void>()
  let finish = () => {}
  const ended = new Promise<void>((resolve) => (finish = resolve))
  const stream: EventStream = {
    ended,
    status: res.status,
    headers: res.headers,
    body: null,
    events,
    close: () => controller.abort(),
    next: (match, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match)
          if (!found) return false
          waiters.delete(check as () => void)
          clearTimeout(timer)
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          waiters.delete(check as () => void)
          reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`))
        }, timeoutMs)
        if (!check()) waiters.add(check as () => void)
      }),
  }
  if (res.status !== 200) {
    stream.body = await res.json().catch(() => null)
    finish()
    return stream
  }
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  let ready = () => {}
  const subscribed = new Promise<void>((resolve) => (ready = resolve))
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        buffer += value
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (block.startsWith('retry:')) ready()
          for (const line of block.split('\n')) if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as LiveStreamEvent)
          for (const waiter of [...waiters]) waiter()
        }
      }
    } catch {
      /* aborted by close() */
    } finally {
      finish()
    }
  })()
  await subscribed
  return stream
}
