// GET /api/live-streams/{id}/events: a stream's events as server-sent events (chat, deletes, mutes,
// status), fed by this process's LISTEN connection (cms/services/live/events.ts).
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { Payload } from 'payload'

import { PREMIUM_REQUIRED_DESCRIPTION } from '../shared/messages'
import { subscribe } from '../cms/services/live/events'
import { mayWatch, SIGN_IN_TO_WATCH_LIVE, STREAM_NOT_FOUND } from '../cms/services/live/streams'
import type { LiveStream as LiveStreamDoc } from '../cms/payload-types'
import { logger } from './logger'
import { requestSessionUser } from './request-user'

/** How long a browser waits before it reconnects a dropped stream. */
export const RECONNECT_MS = 3000
/** A comment line this often keeps proxies from closing a quiet stream (and rechecks the gate). */
export const PING_MS = 15_000

/** A stream id as the URL carries it, or null (answered as not found). */
export const parseStreamId = (raw: string | undefined): number | null => (raw && /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 2_147_483_647 ? Number(raw) : null)

/** One server-sent event: a data line per line of the JSON (there is only one). */
export const sseData = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`

const refuse = (res: Response, status: number, error: string) => void res.status(status).set('cache-control', 'no-store').json({ error })

/** Open streams of this process, ended on shutdown so the HTTP server can close (they never go idle). */
const OPEN_KEY = Symbol.for('app.liveEventStreams')
const openStreams: Set<Response> = ((globalThis as Record<symbol, unknown>)[OPEN_KEY] as Set<Response> | undefined) ??
  ((globalThis as Record<symbol, unknown>)[OPEN_KEY] = new Set<Response>())

let endsOnSignal = false
function endStreamsOnSignal() {
  if (endsOnSignal) return
  endsOnSignal = true
  // The browser reconnects (to another instance behind the proxy, or to this one once it is back).
  const endAll = (signal: NodeJS.Signals) => {
    for (const res of openStreams) res.end()
    // Alone, this listener would keep the signal from stopping the process: let it do so.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
  }
  process.once('SIGTERM', endAll)
  process.once('SIGINT', endAll)
}

export function liveEvents(payload: Payload): RequestHandler {
  endStreamsOnSignal()
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const user = await requestSessionUser(payload, req)
      if (!user) return refuse(res, 401, SIGN_IN_TO_WATCH_LIVE)
      const id = parseStreamId(req.params.id as string | undefined)
      const stream = id === null ? null : ((await payload.findByID({
        collection: 'live-streams',
        id,
        depth: 0,
        select: { isPremiumOnly: true },
        disableErrors: true,
        user,
        overrideAccess: false,
      })) as Pick<LiveStreamDoc, 'id' | 'isPremiumOnly'> | null)
      if (id === null || !stream) return refuse(res, 404, STREAM_NOT_FOUND)
      if (!mayWatch(user, stream)) {
        logger.warn({ userId: user.id, streamId: id, ip: req.ip }, 'live stream events refused by the premium gate')
        return refuse(res, 403, PREMIUM_REQUIRED_DESCRIPTION)
      }
      // no-transform: compression (and any proxy) leaves the stream alone; x-accel-buffering: nginx passes each event on at once.
      res.status(200).set({
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        vary: 'Cookie',
      })
      if (req.method === 'HEAD') return void res.end()
      const send = (text: string) => {
        if (res.writableEnded || res.destroyed) return
        res.write(text)
        // compression adds flush(); with no-transform it passes through, but a buffered byte must not wait.
        ;(res as Response & { flush?: () => void }).flush?.()
      }
      const unsubscribe = await subscribe(payload, id, (event) => send(sseData(event)), () => res.end())
      openStreams.add(res)
      // Sent once subscribed: a client that has read it misses no event from then on.
      res.flushHeaders()
      send(`retry: ${RECONNECT_MS}\n\n`)
      // A membership that lapses while watching ends the stream at the next ping (the gate, again).
      const ping = setInterval(() => (mayWatch(user, stream) ? send(': ping\n\n') : res.end()), PING_MS)
      const close = () => {
        clearInterval(ping)
        unsubscribe()
        openStreams.delete(res)
      }
      res.on('close', close)
      if (res.destroyed) close()
    } catch (error) {
      next(error)
    }
  }
}
