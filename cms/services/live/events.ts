// A stream's events (chat messages, deletes, mutes, status) shared by every server process through
// PostgreSQL LISTEN/NOTIFY (HOUSE rule 16): a write on one process reaches the viewers on all of them.
import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, Payload, PayloadRequest } from 'payload'
import type { Notification, PoolClient } from 'pg'

import type { LiveStreamEvent } from '../../../shared/types/live'
import type { LiveStream as LiveStreamDoc } from '../../payload-types'
import { poolDb, transactionDb } from '../db/transactions'

export const LIVE_EVENTS_CHANNEL = 'live_stream_events'
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (and the transaction with it). */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7999

export type StreamEventListener = (event: LiveStreamEvent) => void
/** Told when this process's LISTEN connection dropped: events may have been missed meanwhile. */
export type StreamEventsLost = () => void

type Subscriber = { listener: StreamEventListener; lost?: StreamEventsLost }

/** The notification's text: the stream's id and the event, as short as JSON allows. */
export function encodeStreamEvent(streamId: number, event: LiveStreamEvent): string | null {
  const text = JSON.stringify({ s: streamId, e: event })
  return Buffer.byteLength(text, 'utf8') <= NOTIFY_PAYLOAD_MAX_BYTES ? text : null
}

export function decodeStreamEvent(text: string | undefined): { streamId: number; event: LiveStreamEvent } | null {
  if (!text) return null
  try {
    const parsed = JSON.parse(text) as { s?: unknown; e?: unknown }
    if (typeof parsed.s !== 'number' || !parsed.e || typeof parsed.e !== 'object' || typeof (parsed.e as { type?: unknown }).type !== 'string') return null
    return { streamId: parsed.s, event: parsed.e as LiveStreamEvent }
  } catch {
    return null
  }
}

/**
 * Sends `event` to every process's subscribers of `streamId`. Given a `req` in a transaction, the
 * NOTIFY runs on that transaction's connection, so PostgreSQL delivers it only when the
 * transaction commits (and never when it rolls back): no viewer sees a message that was not saved.
 */
export async function publishStreamEvent(payload: Payload, streamId: number, event: LiveStreamEvent, req?: PayloadRequest): Promise<void> {
  const text = encodeStreamEvent(streamId, event)
  if (text === null) {
    payload.logger.warn({ streamId, type: event.type }, 'live stream event too large to send; skipped')
    return
  }
  const db = req ? await transactionDb(payload, req) : poolDb(payload)
  await db.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${text})`)
}

/** Tells every process's viewers that a stream went live or ended, once the change commits. */
export const publishStatusChange: CollectionAfterChangeHook<LiveStreamDoc> = async ({ doc, previousDoc, operation, req }) => {
  if (operation === 'update' && previousDoc && previousDoc.status !== doc.status) {
    await publishStreamEvent(req.payload, doc.id, { type: 'status', status: doc.status }, req)
  }
  return doc
}

type Hub = {
  payload: Payload | null
  client: PoolClient | null
  connecting: Promise<void> | null
  retryTimer: NodeJS.Timeout | null
  failures: number
  subscribers: Map<number, Set<Subscriber>>
}

/**
 * One hub per process, on globalThis: the Express side, the Astro bundle and the Next bundle each
 * load their own copy of this module, and one LISTEN connection must serve them all.
 */
const HUB_KEY = Symbol.for('app.liveStreamEvents')
const hub: Hub = ((globalThis as Record<symbol, unknown>)[HUB_KEY] as Hub | undefined) ??
  ((globalThis as Record<symbol, unknown>)[HUB_KEY] = { payload: null, client: null, connecting: null, retryTimer: null, failures: 0, subscribers: new Map() } satisfies Hub)

const RETRY_BASE_MS = 500
const RETRY_MAX_MS = 15_000
export const reconnectDelayMs = (failures: number) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1))

function dispatch(message: Notification) {
  if (message.channel !== LIVE_EVENTS_CHANNEL) return
  const decoded = decodeStreamEvent(message.payload)
  if (!decoded) return
  for (const subscriber of hub.subscribers.get(decoded.streamId) ?? []) {
    try {
      subscriber.listener(decoded.event)
    } catch (err) {
      hub.payload?.logger.warn({ err, streamId: decoded.streamId }, 'live stream event listener failed')
    }
  }
}

/** The LISTEN connection broke: free it, tell every subscriber, and connect again after a pause. */
function dropConnection(client: PoolClient, err?: unknown) {
  if (hub.client !== client) return
  hub.client = null
  client.removeAllListeners('notification')
  // Destroyed, not returned: a broken connection must not serve the pool's next query.
  client.release(err instanceof Error ? err : true)
  hub.payload?.logger.warn({ err }, 'live stream events: LISTEN connection lost; reconnecting')
  for (const subscribers of hub.subscribers.values()) for (const s of subscribers) s.lost?.()
  scheduleReconnect()
}

function scheduleReconnect() {
  if (hub.retryTimer || hub.client || hub.connecting) return
  hub.failures += 1
  hub.retryTimer = setTimeout(() => {
    hub.retryTimer = null
    void ensureListening()
  }, reconnectDelayMs(hub.failures))
  hub.retryTimer.unref()
}

async function connect(payload: Payload) {
  // A dedicated client of Payload's own pool: no second pool, no connection settings of our own.
  const client = await payload.db.pool.connect()
  client.on('notification', dispatch)
  client.on('error', (err) => dropConnection(client, err))
  client.on('end', () => dropConnection(client))
  try {
    await client.query(`LISTEN ${LIVE_EVENTS_CHANNEL}`)
  } catch (err) {
    client.removeAllListeners()
    client.on('error', () => undefined)
    client.release(err instanceof Error ? err : true)
    throw err
  }
  hub.client = client
  hub.failures = 0
}

function ensureListening(): Promise<void> {
  const payload = hub.payload
  if (!payload || hub.client) return Promise.resolve()
  hub.connecting ??= connect(payload)
    .catch((err) => {
      payload.logger.warn({ err }, 'live stream events: could not LISTEN; retrying')
      hub.connecting = null
      scheduleReconnect()
    })
    .finally(() => {
      hub.connecting = null
    })
  return hub.connecting
}

/**
 * Calls `listener` with each event of `streamId` (from any process) until the returned function
 * is called. The first subscriber opens this process's LISTEN connection; `lost` is called when
 * it breaks (events may have been missed: the caller may have its client resynchronise).
 */
export async function subscribe(payload: Payload, streamId: number, listener: StreamEventListener, lost?: StreamEventsLost): Promise<() => void> {
  hub.payload ??= payload
  const subscriber: Subscriber = { listener, lost }
  const set = hub.subscribers.get(streamId) ?? new Set()
  set.add(subscriber)
  hub.subscribers.set(streamId, set)
  await ensureListening()
  return () => {
    set.delete(subscriber)
    if (set.size === 0 && hub.subscribers.get(streamId) === set) hub.subscribers.delete(streamId)
  }
}

/** Whether this process's LISTEN connection is up (health checks and tests). */
export const isListening = () => hub.client !== null && hub.connecting === null
