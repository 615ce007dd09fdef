// Signals between processes (cms/services/cache/signal.ts) on a real PostgreSQL: what another
// process sends arrives, a process's own signal does not come back to it, a signal sent inside a
// transaction leaves only when it commits, and a listener that lost its connection comes back and
// says that it may have missed signals.
import type { Payload, PayloadRequest } from 'payload'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { onSignal, sendSignal, SIGNAL_CHANNEL, SIGNALS_MISSED, signalsListening, startSignals, stopSignals } from '../../cms/services/cache/signal'
import { createTestDatabase, type TestDatabase } from '../helpers/test-database'

let db: TestDatabase
let pool: pg.Pool
let other: pg.Client
const heardByOther: { topic: string; data: unknown; from: string }[] = []

const waitFor = async <T>(read: () => T | undefined, what: string): Promise<T> => {
  const deadline = Date.now() + 5000
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Another process: its own connection, listening and sending on the same channel. */
const sendAsOtherProcess = (topic: string, data: unknown) =>
  other.query('select pg_notify($1, $2)', [SIGNAL_CHANNEL, JSON.stringify({ from: 'another-process', topic, data })])

beforeAll(async () => {
  db = await createTestDatabase('signals')
  pool = new pg.Pool({ connectionString: db.url, max: 4 })
  other = new pg.Client({ connectionString: db.url })
  await other.connect()
  other.on('notification', (note) => {
    const message = JSON.parse(note.payload!) as (typeof heardByOther)[number]
    // A listening connection hears its own NOTIFYs too; keep what this process sent.
    if (message.from !== 'another-process') heardByOther.push(message)
  })
  await other.query(`LISTEN ${SIGNAL_CHANNEL}`)
  const logger = { warn: () => undefined, error: () => undefined }
  await startSignals({ db: { pool }, logger } as unknown as Payload)
})

afterAll(async () => {
  await stopSignals()
  await other?.end()
  await pool?.end()
  await db?.dispose()
})

describe('signals between processes', () => {
  it("runs this process's handlers for another process's signal, and hands a process's own signal to the others only", async () => {
    const received: unknown[] = []
    const stop = onSignal('post-changed', (data) => received.push(data))
    await sendAsOtherProcess('post-changed', { slug: 'from-elsewhere' })
    expect(await waitFor(() => received[0], 'the signal')).toEqual({ slug: 'from-elsewhere' })

    await sendSignal('post-changed', { slug: 'made-here' })
    const sent = await waitFor(() => heardByOther.find((m) => m.topic === 'post-changed'), 'the other process to hear it')
    expect(sent.data).toEqual({ slug: 'made-here' })
    // The sender acted on its own change already: it does not get it back.
    await sendAsOtherProcess('post-changed', { slug: 'marker' })
    await waitFor(() => (received.length >= 2 ? true : undefined), 'the marker')
    expect(received).toEqual([{ slug: 'from-elsewhere' }, { slug: 'marker' }])
    stop()
  })

  it('sends a signal made inside a transaction only once it commits, and never for a rollback', async () => {
    const sessions: Record<string, { resolve: () => Promise<void>; reject: () => Promise<void> }> = {}
    const fakeReq = (id: string) => {
      sessions[id] = { resolve: async () => undefined, reject: async () => undefined }
      return { transactionID: id, payload: { db: { sessions }, logger: console } } as unknown as PayloadRequest
    }
    heardByOther.length = 0
    await sendSignal('committed-write', { n: 1 }, fakeReq('tx-commit'))
    await sendSignal('rolled-back-write', { n: 2 }, fakeReq('tx-rollback'))
    await new Promise((r) => setTimeout(r, 200))
    expect(heardByOther).toEqual([])
    await sessions['tx-rollback']!.reject()
    await sessions['tx-commit']!.resolve()
    await waitFor(() => heardByOther.find((m) => m.topic === 'committed-write'), 'the committed signal')
    await new Promise((r) => setTimeout(r, 200))
    expect(heardByOther.map((m) => m.topic)).toEqual(['committed-write'])
  })

  it('comes back after its connection is cut and says signals may have been missed', async () => {
    let missed = 0
    const stop = onSignal(SIGNALS_MISSED, () => missed++)
    await other.query(`select pg_terminate_backend(pid) from pg_stat_activity where query = $1 and datname = current_database()`, [`LISTEN ${SIGNAL_CHANNEL}`])
    await waitFor(() => (missed > 0 ? true : undefined), 'the listener to come back')
    expect(signalsListening()).toBe(true)
    const received: unknown[] = []
    const stopAfter = onSignal('after-reconnect', (data) => received.push(data))
    await sendAsOtherProcess('after-reconnect', 'still heard')
    expect(await waitFor(() => received[0], 'a signal after reconnecting')).toBe('still heard')
    stop()
    stopAfter()
  })
})
