import type { AddressInfo } from 'node:net'

import express from 'express'
import type { Payload } from 'payload'
import { describe, expect, it } from 'vitest'

import { healthCheck, type HealthOptions } from './health'

const GB = 1024 ** 3

/** A Payload whose database answers `row` (or fails with `error`). */
const fakePayload = ({ row, error }: { row?: Record<string, unknown>; error?: Error }) =>
  ({
    db: {
      drizzle: {
        execute: async () => {
          if (error) throw error
          return { rows: [row] }
        },
      },
    },
  }) as unknown as Payload

async function probe(payload: Payload, options: HealthOptions) {
  const app = express().get('/healthz', healthCheck(payload, { dataDir: '/data', ...options }))
  const server = app.listen(0)
  await new Promise((resolve) => server.once('listening', resolve))
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`)
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  } finally {
    server.close()
  }
}

const writable = { recovery: false, read_only: 'off' }
const plentyOfRoom = async () => ({ bavail: 50 * GB / 4096, bsize: 4096 })

describe('/healthz', () => {
  it('200 when the database takes writes and the disk has room', async () => {
    const { status, body } = await probe(fakePayload({ row: writable }), { statfs: plentyOfRoom, minFreeBytes: GB })
    expect(status).toBe(200)
    expect(body).toEqual({ status: 'ok', database: 'ok' })
  })

  it.each([
    [{ recovery: true, read_only: 'on' }, /read-only replica/],
    [{ recovery: false, read_only: 'on' }, /refuses writes/],
  ])('503 when the database refuses writes (%o)', async (row, reason) => {
    const { status, body } = await probe(fakePayload({ row }), { statfs: plentyOfRoom, minFreeBytes: GB })
    expect(status).toBe(503)
    expect(body).toMatchObject({ status: 'error', database: 'read-only', disk: 'ok' })
    expect(body.reason).toMatch(reason)
  })

  it('503 when the database does not answer', async () => {
    const { status, body } = await probe(fakePayload({ error: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }), { statfs: plentyOfRoom, minFreeBytes: GB })
    expect(status).toBe(503)
    expect(body).toMatchObject({ database: 'unreachable' })
  })

  it('503 when the data folder has less free space than HEALTH_MIN_FREE_BYTES, checked on the data folder', async () => {
    const seen: string[] = []
    const nearlyFull = async (dir: string) => {
      seen.push(dir)
      return { bavail: 10n, bsize: 4096n }
    }
    const { status, body } = await probe(fakePayload({ row: writable }), { statfs: nearlyFull, minFreeBytes: GB })
    expect(seen).toEqual(['/data'])
    expect(status).toBe(503)
    expect(body).toMatchObject({ status: 'error', database: 'ok', disk: 'low', freeBytes: 40960 })
    expect(body.reason).toMatch(/HEALTH_MIN_FREE_BYTES/)
  })

  it('reads the real free space of a real folder', async () => {
    expect((await probe(fakePayload({ row: writable }), { dataDir: process.cwd(), minFreeBytes: 1 })).status).toBe(200)
    const { status, body } = await probe(fakePayload({ row: writable }), { dataDir: process.cwd(), minFreeBytes: Number.MAX_SAFE_INTEGER })
    expect(status).toBe(503)
    expect(body.freeBytes).toBeGreaterThan(0)
  })
})
