// Two production servers on one database and one data folder, as a second `npm start` joins the
// first (README: more than one process): started at the same moment on an empty database they
// migrate and seed once; every job runs once; a job cut off by a killed server is finished by the
// other; chat and resumable uploads work across them.
import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { createTestDatabase, ROOT, runLabel, type TestDatabase } from '../helpers/test-database'
import { startTestServer, TEST_ADMIN, type TestServer } from '../helpers/test-server'
import { createStream, onServer, openEvents } from './live-chat-helpers'

const LEASE_SECONDS = 6
const ENV = {
  // Both servers tick together every two seconds: the race a claim must survive, often.
  JOBS_CRON: '*/2 * * * * *',
  JOBS_LEASE_SECONDS: String(LEASE_SECONDS),
  TRUST_PROXY: 'true',
}

let database: TestDatabase
let db: pg.Pool
let a: TestServer
let b: TestServer
const dataDir = path.join(ROOT, '.data/test', `${runLabel('two-servers')}-shared`)

beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true })
  database = await createTestDatabase('two-servers')
  db = new pg.Pool({ connectionString: database.url, max: 3 })
  // The same secret: a session made on one server is good on the other (as behind a proxy).
  const env = { ...ENV, DATA_DIR: dataDir, PAYLOAD_SECRET: 'two-servers-test-secret' }
  ;[a, b] = await Promise.all([startTestServer('two-a', database.url, env), startTestServer('two-b', database.url, env)])
}, 300_000)

afterAll(async () => {
  await a?.stop()
  await b?.stop()
  await db?.end()
  await database?.dispose()
  rmSync(dataDir, { recursive: true, force: true })
})

const rows = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await db.query<T>(text, values)).rows

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

async function signedInAdmin(url: string) {
  const admin = new ApiClient(url)
  const res = await admin.post('/api/auth/login', TEST_ADMIN)
  expect(res.status).toBe(200)
  return admin
}

/**
 * Grace-end jobs in `queue`. With a stream id that is not a number each run fails at once: the job
 * is kept (a completed one is deleted), each try adds one entry to its log and counts one try.
 */
async function queueGraceEnds(count: number, queue: string, streamId: number | string = 'not-a-stream') {
  const inserted = await rows<{ id: number }>(
    `insert into payload_jobs (input, task_slug, queue, processing, total_tried)
     select jsonb_build_object('streamId', $1::text), 'liveGraceEnd', $2, false, 0 from generate_series(1, $3) returning id`,
    [streamId, queue, count],
  )
  return inserted.map((row) => row.id)
}

describe('two server processes on one database', () => {
  it('seed the empty database once when started at the same moment', async () => {
    const logs = [a.logFile, b.logFile].map((file) => readFileSync(file, 'utf8'))
    expect(logs.map((log) => log.split('Demo content seeded.').length - 1).reduce((x, y) => x + y)).toBe(1)
    expect(await rows('select count(*)::int as n from users where is_admin')).toEqual([{ n: 1 }])
    const [posts] = await rows<{ n: number; slugs: number }>('select count(*)::int as n, count(distinct slug)::int as slugs from posts')
    expect(posts!.n).toBeGreaterThan(0)
    expect(posts!.slugs).toBe(posts!.n)
    const [videos] = await rows<{ n: number; ids: number }>('select count(*)::int as n, count(distinct video_id)::int as ids from videos')
    expect(videos!.ids).toBe(videos!.n)
    // Both answer, on the same data.
    const listed = await Promise.all([a, b].map(async (server) => (await new ApiClient(server.url).get('/api/blog-posts?limit=1')).body.totalDocs))
    expect(listed[0]).toBeGreaterThan(0)
    expect(listed[1]).toBe(listed[0])
  })

  it('run each queued job once, whichever server claims it', async () => {
    // Every try of these fails and is retried at the next tick: four claims per job, raced by both servers.
    const ids = await queueGraceEnds(40, 'live')
    await waitFor('the jobs to use up their tries', async () => {
      const [left] = await rows<{ n: number }>('select count(*)::int as n from payload_jobs where id = any($1) and has_error is not true', [ids])
      return left!.n === 0 ? true : undefined
    })
    // A job two runners ran at once would have two log entries for one counted try.
    const runs = await rows<{ id: number; runs: number; tries: number }>(
      `select j.id, count(l.id)::int as runs, j.total_tried::int as tries from payload_jobs j left join payload_jobs_log l on l._parent_id = j.id
        where j.id = any($1) group by j.id`,
      [ids],
    )
    expect(runs).toHaveLength(ids.length)
    expect(runs.filter((row) => row.tries < 1 || row.runs !== row.tries)).toEqual([])
    await db.query('delete from payload_jobs where id = any($1)', [ids])
  })

  it('queue each scheduled run once', async () => {
    // The transcode sweep is scheduled every 15 s on both servers; waiting or running, there is never more than one.
    await new Promise((resolve) => setTimeout(resolve, 16_000))
    const pending = await rows<{ task_slug: string; n: number }>(
      `select task_slug, count(*)::int as n from payload_jobs
        where completed_at is null and has_error is not true and (meta->>'scheduled')::boolean
        group by task_slug`,
    )
    expect(pending.filter((row) => row.n > 1)).toEqual([])
  })

  it("deliver a chat message posted on one server to the other's viewers", async () => {
    const admin = await signedInAdmin(a.url)
    const streamId = await createStream(admin)
    const member = await registerMember(a.url)
    const events = await openEvents(b.url, streamId, member.client.cookie)
    try {
      expect(events.status).toBe(200)
      const posted = await member.client.post(`/api/live-streams/${streamId}/chat`, { body: 'hello from A' })
      expect(posted.status).toBe(201)
      const event = await events.next((e) => e.type === 'message')
      expect(event).toMatchObject({ type: 'message', message: { body: 'hello from A' } })
    } finally {
      events.close()
    }
  })

  it('continue a resumable upload started on one server on the other', async () => {
    const admin = await signedInAdmin(a.url)
    const onB = onServer(admin, b.url)
    // An MP4's first box (ftyp), then padding: what the finished upload is checked to be.
    const head = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex')
    const bytes = Buffer.concat([head, Buffer.alloc(256 * 1024, 1)])
    const half = 128 * 1024
    const tus = (client: ApiClient, extra: Record<string, string>) => ({ 'tus-resumable': '1.0.0', origin: client.baseUrl, cookie: client.cookie!, ...extra })
    const created = await fetch(`${a.url}/api/videos/tus`, {
      method: 'POST',
      headers: tus(admin, { 'upload-length': String(bytes.length), 'upload-metadata': `filename ${Buffer.from('clip.mp4').toString('base64')}` }),
    })
    expect(created.status).toBe(201)
    const location = created.headers.get('location')!
    const first = await fetch(a.url + location, {
      method: 'PATCH',
      headers: tus(admin, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
      body: bytes.subarray(0, half),
    })
    expect(first.status).toBe(204)
    const offset = await fetch(b.url + location, { method: 'HEAD', headers: tus(onB, { 'sec-fetch-site': 'same-origin' }) })
    expect(offset.headers.get('upload-offset')).toBe(String(half))
    const rest = await fetch(b.url + location, {
      method: 'PATCH',
      headers: tus(onB, { 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' }),
      body: bytes.subarray(half),
    })
    expect(rest.status).toBe(204)
    expect(rest.headers.get('upload-offset')).toBe(String(bytes.length))
    await fetch(b.url + location, { method: 'DELETE', headers: tus(onB, {}) })
  })

  it('hand a job cut off by a killed server to the other one, which finishes it once', async () => {
    const admin = await signedInAdmin(a.url)
    const streamId = await createStream(admin, { status: 'scheduled' })
    // The grace end locks its stream's row: held here, the job on A stops in the middle of its run.
    const holder = await db.connect()
    try {
      await holder.query('begin')
      await holder.query('select id from live_streams where id = $1 for update', [streamId])
      // A queue no autoRun works through: only the run asked for below claims it.
      const [id] = await queueGraceEnds(1, 'two-servers-hold', streamId)
      void admin.get('/cms/api/payload-jobs/run?queue=two-servers-hold&disableScheduling=true').catch(() => undefined)
      await waitFor('A to claim the job', async () => ((await rows('select 1 from payload_jobs where id = $1 and processing', [id])).length ? true : undefined))
      await a.kill()
      await holder.query('rollback')
      // Not picked up while its lease may still be renewed: B's runs leave it alone at first.
      const onB = onServer(admin, b.url)
      expect((await onB.get('/cms/api/payload-jobs/run?queue=two-servers-hold&disableScheduling=true')).status).toBe(200)
      expect(await rows('select processing from payload_jobs where id = $1', [id])).toEqual([{ processing: true }])
      // Finished by B once its lease ran out: a completed job's row is deleted (Payload's deleteJobOnComplete).
      await waitFor(
        'B to finish the job',
        async () => {
          await onB.get('/cms/api/payload-jobs/run?queue=two-servers-hold&disableScheduling=true')
          return (await rows('select 1 from payload_jobs where id = $1', [id])).length ? undefined : true
        },
        LEASE_SECONDS * 1000 + 30_000,
      )
    } finally {
      holder.release()
    }
  })
})
