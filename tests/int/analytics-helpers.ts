// Shared by the analytics*.test.ts suites (not a test file itself).
import { randomBytes, randomInt } from 'node:crypto'

import pg from 'pg'
import { expect, inject } from 'vitest'

import { ApiClient } from '../helpers/api-client'
import { sql } from './sql'

export const baseUrl = inject('baseUrl')

/** A real browser's user agent with a tag of its own, so a test finds exactly its own page views. */
export const browserAgent = (tag: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 analytics-test/${tag}`

export const newTag = () => randomBytes(5).toString('hex')

export const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'

/**
 * A network no other test uses: page views are stored, and limited, per /48 (IPv6) or /24 (IPv4),
 * so a test finds its own rows by the stored range. `address(host)` is a client in it.
 */
export function newNetwork(kind: 'v6' | 'v4' = 'v6'): { address: (host?: string) => string; range: string } {
  if (kind === 'v4') {
    const prefix = `10.${randomInt(256)}.${randomInt(256)}`
    return { address: (host = '77') => `${prefix}.${host}`, range: `${prefix}.0` }
  }
  // Groups without leading zeros, so the stored form is exactly `3fff:a:b::`.
  const [a, b] = [0x100 + randomInt(0xf00), 0x1000 + randomInt(0xf000)].map((n) => n.toString(16))
  return { address: (host = '34cd:1:2:3:4') => `3fff:${a}:${b}:${host}`, range: `3fff:${a}:${b}::` }
}

export async function signedInAdmin() {
  const client = new ApiClient(baseUrl)
  expect((await client.post('/api/auth/login', inject('admin'))).status).toBe(200)
  return client
}

/** Polls `probe` until it returns something other than undefined (page views are written every second or so). */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Runs statements in one transaction (what the analytics job reads sees all of them or none). */
export async function inOneTransaction(statements: { text: string; values?: unknown[] }[]) {
  const db = new pg.Client({ connectionString: inject('databaseUrl') })
  await db.connect()
  try {
    await db.query('begin')
    for (const s of statements) await db.query(s.text, s.values ?? [])
    await db.query('commit')
  } catch (error) {
    await db.query('rollback').catch(() => undefined)
    throw error
  } finally {
    await db.end()
  }
}

/**
 * Queues one run of the analytics job the way its schedule does (a payload_jobs row) and has the
 * admin run the queue at once (Payload's /payload-jobs/run door); resolves when the run succeeded.
 */
export async function runAnalyticsJobNow(admin: ApiClient) {
  const [job] = await sql<{ id: number }>(`insert into payload_jobs (task_slug, queue, input) values ('analyticsRollup', 'default', '{}') returning id`)
  const run = await admin.get('/cms/api/payload-jobs/run?queue=default&limit=20')
  expect(run.status, JSON.stringify(run.body)).toBe(200)
  let last: unknown
  try {
    return await until(`analytics job ${job!.id}`, async () => {
      const [row] = await sql<{ completed_at: string | null; has_error: boolean; error: unknown }>(
        'select completed_at, has_error, error, processing, total_tried, wait_until from payload_jobs where id = $1',
        [job!.id],
      )
      last = row
      if (row?.has_error) throw new Error(`analytics job failed: ${JSON.stringify(row.error)}`)
      // Payload deletes a job once it has succeeded (deleteJobOnComplete); a failed one stays with its error.
      return !row || row.completed_at ? true : undefined
    }, 45_000)
  } catch (error) {
    throw new Error(`${(error as Error).message}; the job row: ${JSON.stringify(last)}; the run answered ${JSON.stringify(run.body)}`, { cause: error })
  }
}
