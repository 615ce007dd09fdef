import { randomUUID } from 'node:crypto'

import type { Payload, PayloadRequest } from 'payload'
import type { Pool, PoolClient } from 'pg'

import { afterTransactionEnds } from './transaction-end'

/**
 * One signal between the processes that share a database (terms in README.md, "Signals between
 * processes"): a process that changes something other processes keep in memory sends a topic and
 * a small JSON body through PostgreSQL NOTIFY, once its transaction has committed; every other
 * process listening on the same database runs the handlers registered for that topic. A process's
 * own signals are not handed back to it (it acted on its change already, synchronously).
 *
 * When the listening connection is lost, notifications sent meanwhile are lost with it: on
 * reconnecting, the handlers registered for `SIGNALS_MISSED` run, and each cache clears whatever
 * it cannot prove is current.
 */
export const SIGNAL_CHANNEL = 'app_signals'
/** Topic run locally (never sent) after the listener was away and may have missed signals. */
export const SIGNALS_MISSED = 'signals-missed'
/** NOTIFY refuses payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900
const RECONNECT_MS = [250, 500, 1000, 2000, 5000]

export type SignalHandler = (data: unknown) => void
type Envelope = { from: string; topic: string; data?: unknown }

type SignalState = {
  instance: string
  handlers: Map<string, Set<SignalHandler>>
  pool: Pool | null
  client: PoolClient | null
  stopped: boolean
  connected: boolean
  log: Pick<Payload['logger'], 'warn' | 'error'> | null
  reconnect: ReturnType<typeof setTimeout> | null
  attempts: number
}

const KEY = Symbol.for('app.signals')

/** On globalThis: the Express side and Payload hooks in any bundle share one listener. */
const state = (): SignalState => {
  const global = globalThis as Record<symbol, SignalState | undefined>
  return (global[KEY] ??= {
    instance: randomUUID(),
    handlers: new Map(),
    pool: null,
    client: null,
    stopped: false,
    connected: false,
    log: null,
    reconnect: null,
    attempts: 0,
  })
}

/** Runs `handler` when another process sends `topic`; returns a function that stops it. */
export function onSignal(topic: string, handler: SignalHandler): () => void {
  const { handlers } = state()
  let set = handlers.get(topic)
  if (!set) handlers.set(topic, (set = new Set()))
  set.add(handler)
  return () => {
    set.delete(handler)
  }
}

const dispatch = (topic: string, data: unknown) => {
  const s = state()
  for (const handler of s.handlers.get(topic) ?? []) {
    try {
      handler(data)
    } catch (error) {
      s.log?.error({ err: error, topic }, 'a signal handler failed')
    }
  }
}

/**
 * Tells the other processes `topic` (with `data`, JSON of under 8 KB) once `req`'s transaction has
 * committed, or now when `req` has none; a rolled-back write sends nothing. Without a listening
 * database (a one-off command, a unit test) there is no other process to tell.
 */
export async function sendSignal(topic: string, data?: unknown, req?: Partial<PayloadRequest>): Promise<void> {
  const s = state()
  if (!s.pool) return
  const payload = JSON.stringify({ from: s.instance, topic, data } satisfies Envelope)
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    // Too big to carry: the receivers treat it as missed signals, which clears what they keep.
    return sendSignal(SIGNALS_MISSED, undefined, req)
  }
  const send = () => {
    s.pool
      ?.query('select pg_notify($1, $2)', [SIGNAL_CHANNEL, payload])
      .catch((error: unknown) => s.log?.warn({ err: error, topic }, 'a signal to the other processes could not be sent'))
  }
  const deferred = await afterTransactionEnds(req, (committed) => {
    if (committed) send()
  })
  if (!deferred) send()
}

const receive = (raw: string | undefined) => {
  if (!raw) return
  let message: Envelope
  try {
    message = JSON.parse(raw) as Envelope
  } catch {
    return
  }
  if (message.from === state().instance || typeof message.topic !== 'string') return
  dispatch(message.topic, message.data)
}

async function connect(): Promise<void> {
  const s = state()
  if (s.stopped || !s.pool) return
  let client: PoolClient | null = null
  try {
    client = await s.pool.connect()
    client.on('notification', (note) => {
      if (note.channel === SIGNAL_CHANNEL) receive(note.payload)
    })
    client.on('error', (error) => lost(client, error))
    client.on('end', () => lost(client, null))
    await client.query(`LISTEN ${SIGNAL_CHANNEL}`)
    const wasAway = s.client === null && s.connected
    s.client = client
    s.connected = true
    s.attempts = 0
    if (wasAway) dispatch(SIGNALS_MISSED, undefined)
  } catch (error) {
    client?.release(true)
    lost(null, error)
  }
}

function lost(client: PoolClient | null, error: unknown) {
  const s = state()
  if (client && s.client !== client) return
  if (client) {
    s.client = null
    client.release(true)
  }
  if (s.stopped || s.reconnect) return
  if (error) s.log?.warn({ err: error }, 'the listener for signals between processes was lost; reconnecting')
  const delay = RECONNECT_MS[Math.min(s.attempts++, RECONNECT_MS.length - 1)]
  s.reconnect = setTimeout(() => {
    s.reconnect = null
    void connect()
  }, delay)
  s.reconnect.unref?.()
}

/**
 * Starts listening on the database `payload` uses (one connection taken from its pool for the
 * process's life). Called once by the server at start; a second call does nothing.
 */
export async function startSignals(payload: Payload): Promise<void> {
  const s = state()
  if (s.pool) return
  const pool = (payload.db as unknown as { pool?: Pool }).pool
  if (!pool) return
  s.pool = pool
  s.stopped = false
  s.log = payload.logger
  await connect()
}

/** Stops listening and sending (server shutdown, tests). */
export async function stopSignals(): Promise<void> {
  const s = state()
  s.stopped = true
  if (s.reconnect) clearTimeout(s.reconnect)
  s.reconnect = null
  const client = s.client
  s.client = null
  s.pool = null
  s.connected = false
  if (client) {
    await client.query(`UNLISTEN ${SIGNAL_CHANNEL}`).catch(() => undefined)
    client.release()
  }
}

/** Whether this process is listening now (health and tests). */
export const signalsListening = (): boolean => state().client !== null
