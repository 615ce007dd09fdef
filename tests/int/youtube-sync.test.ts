// YouTube import and sync against the fake YouTube Data API (tests/fakes/youtube) and a real
// server on its own database (so it can be killed mid-sync and restarted without the key).
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { startFakeYoutube, type FakeYoutube } from '../fakes/youtube'
import { ApiClient, registerMember } from '../helpers/api-client'
import { startTestServer, TEST_ADMIN, type TestServer } from '../helpers/test-server'

let fake: FakeYoutube
let server: TestServer
let admin: ApiClient
let databaseUrl: string
let maintenanceUrl: string
let databaseName: string

const query = async <T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = [], url = databaseUrl) => {
  const db = new pg.Client({ connectionString: url })
  await db.connect()
  try {
    return (await db.query<T>(text, values)).rows
  } finally {
    await db.end()
  }
}

const serverEnv = (extra: Record<string, string> = {}) => ({
  TRUST_PROXY: 'true',
  JOBS_CRON: '*/2 * * * * *',
  // The 15-minute schedule stays out of the way; the restart test queues its run by hand.
  YOUTUBE_SYNC_CRON: '0 0 1 1 *',
  YOUTUBE_SYNC_RECLAIM_SECONDS: '2',
  ...fake.env,
  ...extra,
})

async function signIn(url: string) {
  const client = new ApiClient(url)
  expect((await client.post('/api/auth/login', TEST_ADMIN)).status).toBe(200)
  return client
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const channelRows = (channelId: string) =>
  query<{ video_id: string; title: string; view_count: string; youtube_view_count: string; youtube_removed_at: Date | null }>(
    'select video_id, title, view_count, youtube_view_count, youtube_removed_at from videos where youtube_channel_id = $1 order by video_id',
    [channelId],
  )
const row = async (videoId: string) => (await query('select * from videos where video_id = $1', [videoId]))[0]!
const snapshot = async () => JSON.stringify(await query('select video_id, title, description, view_count, duration, thumbnail_url, youtube_removed_at, updated_at from videos order by video_id'))

beforeAll(async () => {
  fake = await startFakeYoutube()
  // A database of its own on the suite's PostgreSQL.
  const shared = new URL(inject('databaseUrl'))
  databaseName = `youtube_${Date.now()}_${randomBytes(3).toString('hex')}`
  shared.pathname = '/postgres'
  maintenanceUrl = shared.toString()
  await query(`create database "${databaseName}"`, [], maintenanceUrl)
  shared.pathname = `/${databaseName}`
  databaseUrl = shared.toString()
  server = await startTestServer('youtube', databaseUrl, serverEnv())
  admin = await signIn(server.url)
}, 240_000)

afterAll(async () => {
  await server?.stop()
  await fake?.stop()
  if (maintenanceUrl) await query(`drop database if exists "${databaseName}" with (force)`, [], maintenanceUrl).catch(() => undefined)
})

describe('YouTube import and sync', () => {
  let channel: ReturnType<FakeYoutube['addChannel']>
  beforeAll(() => {
    // 61 uploads, one of them private: 60 videos YouTube shows. Pages of 25 make the import page three times.
    channel = fake.addChannel({
      handle: '@creatorchannel',
      title: 'The Creator Channel',
      videos: Array.from({ length: 61 }, (_, i) => ({ title: `Episode ${i + 1}`, description: `Episode ${i + 1}\n00:00 Intro`, viewCount: 1000 + i, duration: i === 0 ? 'P1DT2H3M4S' : 'PT12M30S', hidden: i === 5 })),
    })
    fake.setPageSize(25)
  })
  // The channel the sync follows is the site setting (the seed sets one): this suite's channel.
  beforeAll(async () => {
    expect((await admin.request('PUT', '/api/admin/settings', { youtubeHandle: '@creatorchannel' })).status).toBe(200)
  })

  it('is for admins only, and a channel handle is required', async () => {
    const visitor = new ApiClient(server.url)
    expect((await visitor.post('/api/youtube/import', { channelHandle: '@creatorchannel' })).status).toBe(401)
    expect((await visitor.post('/api/youtube/sync')).status).toBe(401)
    expect((await visitor.post('/api/youtube/mock')).status).toBe(401)
    const { client: member } = await registerMember(server.url)
    for (const path of ['/api/youtube/import', '/api/youtube/sync', '/api/youtube/mock']) {
      const res = await member.post(path, { channelHandle: '@creatorchannel' })
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ error: expect.any(String) })
    }
    expect((await member.get('/api/youtube/status')).status).toBe(403)
    for (const channelHandle of ['', '   ', undefined]) {
      const res = await admin.post('/api/youtube/import', { channelHandle })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('Please enter a channel handle')
    }
    expect(fake.calls.channels).toBe(0)
  })

  it('imports every page of the channel, with YouTube’s durations, counts and thumbnails', async () => {
    const before = { ...fake.calls }
    const res = await admin.post('/api/youtube/import', { channelHandle: 'creatorchannel' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ success: true, imported: 60, total: 60, message: expect.stringContaining('The Creator Channel') })
    expect(fake.calls.playlistItems - before.playlistItems).toBe(3)
    expect(fake.calls.videos - before.videos).toBe(2) // 61 ids: 50 + 11
    const rows = await channelRows(channel.id)
    expect(rows).toHaveLength(60)
    const oldest = fake.channel('@creatorchannel').videoIds.at(-1)!
    expect(await row(oldest)).toMatchObject({
      title: 'Episode 1',
      duration: 'PT26H3M4S',
      view_count: '1000',
      youtube_view_count: '1000',
      source: 'youtube',
      thumbnail_url: `https://i.ytimg.com/vi/${oldest}/maxresdefault.jpg`,
      is_premium: false,
    })
    const privateId = fake.channel('@creatorchannel').videoIds.at(-6)!
    expect(rows.some((r) => r.video_id === privateId)).toBe(false)

    const status = await admin.get('/api/youtube/status')
    expect(status.body).toMatchObject({ apiKeyConfigured: true, channelHandle: '@creatorchannel', channelSource: 'settings', nextRunAt: expect.any(String), last: { status: 'succeeded', trigger: 'import', imported: 60, total: 60 } })

    const again = await admin.post('/api/youtube/import', { channelHandle: '@CreatorChannel' })
    expect(again.body).toMatchObject({ imported: 0, total: 60 })
    expect(await channelRows(channel.id)).toHaveLength(60)
  })

  it('a sync updates what YouTube owns, keeps the creator’s edits and never duplicates', async () => {
    const [videoId] = fake.channel('@creatorchannel').videoIds
    const { id } = await row(videoId!)
    const edit = await admin.patch(`/cms/api/videos/${id}`, { isPremium: true, isUncut: true, seoTitle: 'My own SEO title', keywords: ['mine'], customDescription: 'Written by the creator' })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    // The site counted 3 views of its own meanwhile.
    await query('update videos set view_count = view_count + 3 where video_id = $1', [videoId])
    const before = await row(videoId!)

    fake.updateVideo(videoId!, { title: 'Episode 61 (re-edited)', description: 'A new description', viewCount: Number(before.youtube_view_count) + 50, duration: 'PT13M' })
    const res = await admin.post('/api/youtube/sync')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ imported: 1, total: 60 })

    const after = await row(videoId!)
    expect(after).toMatchObject({
      title: 'Episode 61 (re-edited)',
      description: 'A new description',
      duration: 'PT13M',
      youtube_view_count: String(Number(before.youtube_view_count) + 50),
      view_count: String(Number(before.view_count) + 50),
      is_premium: true,
      is_uncut: true,
      seo_title: 'My own SEO title',
      custom_description: 'Written by the creator',
    })
    expect(await query("select text from videos_texts where parent_id = $1 and path = 'keywords'", [id])).toEqual([{ text: 'mine' }])
    expect(await query('select count(*)::int as n from videos where video_id = $1', [videoId])).toEqual([{ n: 1 }])
    expect(await channelRows(channel.id)).toHaveLength(60)
  })

  it('new uploads arrive; a video deleted on YouTube is hidden, kept, and comes back if it reappears', async () => {
    const upload = fake.addVideo('@creatorchannel', { title: 'Brand new upload' })
    const [, gone] = fake.channel('@creatorchannel').videoIds.slice(1)
    const goneVideo = { ...fake.video(gone!)! }
    fake.deleteVideo(gone!)

    const res = await admin.post('/api/youtube/sync')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ imported: 1, total: 60, message: expect.stringContaining('1 no longer on YouTube') })
    expect((await row(upload.id)).title).toBe('Brand new upload')
    const hidden = await row(gone!)
    expect(hidden.youtube_removed_at).toBeInstanceOf(Date)

    const visitor = new ApiClient(server.url)
    expect((await visitor.get(`/api/videos/${gone}`)).status).toBe(404)
    expect((await visitor.get(`/api/videos/${upload.id}`)).status).toBe(200)
    expect((await admin.get('/api/youtube/status')).body.removedVideos).toEqual([expect.objectContaining({ videoId: gone, title: goneVideo.title })])

    // Back on YouTube (made public again): shown again.
    fake.addVideo('@creatorchannel', goneVideo)
    const back = await admin.post('/api/youtube/sync')
    expect(back.body).toMatchObject({ total: 61 })
    expect((await row(gone!)).youtube_removed_at).toBeNull()
    expect((await visitor.get(`/api/videos/${gone}`)).status).toBe(200)
  })

  it('quota exceeded, an unknown handle and a network failure each answer a clear error and change nothing', async () => {
    const [videoId] = fake.channel('@creatorchannel').videoIds
    fake.updateVideo(videoId!, { title: 'Must not arrive' })
    const before = await snapshot()

    fake.setQuotaExceeded(true)
    try {
      const sync = await admin.post('/api/youtube/sync')
      expect(sync.status).toBe(429)
      expect(sync.body.error).toMatch(/quota/i)
      expect(sync.body.error).toContain('Nothing was changed')
      const imp = await admin.post('/api/youtube/import', { channelHandle: '@creatorchannel' })
      expect(imp.status).toBe(429)
    } finally {
      fake.setQuotaExceeded(false)
    }
    expect((await admin.get('/api/youtube/status')).body.last).toMatchObject({ status: 'failed', trigger: 'import', error: expect.stringMatching(/quota/i) })

    const unknown = await admin.post('/api/youtube/import', { channelHandle: '@nosuchchannel' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toBe('No YouTube channel has the handle @nosuchchannel. Nothing was changed.')

    fake.setDown(true)
    try {
      const down = await admin.post('/api/youtube/sync')
      expect(down.status).toBe(502)
      expect(down.body.error).toMatch(/could not be reached/)
    } finally {
      fake.setDown(false)
    }

    // A failure after some pages were read (the videos call) changes nothing either.
    fake.hold('videos')
    const pending = admin.post('/api/youtube/sync')
    await until('the sync to reach the videos call', async () => fake.waiting('videos') > 0)
    fake.setQuotaExceeded(true)
    fake.release('videos')
    expect((await pending).status).toBe(429)
    fake.setQuotaExceeded(false)

    expect(await snapshot()).toBe(before)
  })

  it('never runs two imports or syncs at once', async () => {
    fake.hold('playlistItems')
    const first = admin.post('/api/youtube/sync')
    await until('the first sync to be reading the playlist', async () => fake.waiting('playlistItems') > 0)
    expect((await admin.get('/api/youtube/status')).body.last).toMatchObject({ status: 'running', trigger: 'sync', error: null })
    const second = await admin.post('/api/youtube/import', { channelHandle: '@creatorchannel' })
    expect(second.status).toBe(409)
    expect(second.body.error).toMatch(/already running/)
    fake.release('playlistItems')
    expect((await first).status).toBe(200)
    expect((await row(fake.channel('@creatorchannel').videoIds[0]!)).title).toBe('Must not arrive') // the first one went through
  })

  it('a video whose key moments no longer fit YouTube’s new duration is left as it was, and the run says so', async () => {
    const videoId = fake.channel('@creatorchannel').videoIds[3]!
    const { id } = await row(videoId)
    const edit = await admin.patch(`/cms/api/videos/${id}`, { keyMoments: [{ timestamp: '10:00', description: 'Late moment' }] })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    const other = fake.channel('@creatorchannel').videoIds[4]!
    fake.updateVideo(videoId, { duration: 'PT5M', title: 'Shortened on YouTube' })
    fake.updateVideo(other, { title: 'Renamed on YouTube' })
    const res = await admin.post('/api/youtube/sync')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await row(videoId)).toMatchObject({ duration: 'PT12M30S', title: expect.not.stringContaining('Shortened') })
    expect((await row(other)).title).toBe('Renamed on YouTube')
    expect((await admin.get('/api/youtube/status')).body.last).toMatchObject({ status: 'succeeded', error: expect.stringContaining(videoId) })
    fake.updateVideo(videoId, { duration: 'PT12M30S' })
  })

  it('one bad video among seven: a NUL is cleaned, an id that is not YouTube’s is refused and reported, and what is stored matches the report', async () => {
    const mixed = fake.addChannel({
      handle: '@mixedchannel',
      title: 'Mixed Channel',
      videos: Array.from({ length: 7 }, (_, i) => ({
        title: `Mixed ${i + 1}`,
        ...(i === 2 ? { description: 'Intro\u0000 with a NUL\r\n00:00 Start\u0007' } : {}),
        ...(i === 4 ? { id: '../../etc/pa' } : {}),
      })),
    })
    const res = await admin.post('/api/youtube/import', { channelHandle: '@mixedchannel' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ success: true, imported: 6, total: 7 })
    expect(res.body.message).toContain('Imported 6 of 7 videos from Mixed Channel.')
    expect(res.body.message).toContain('1 was not imported: not a YouTube video id.')
    const rows = await channelRows(mixed.id)
    expect(rows).toHaveLength(res.body.imported)
    expect(rows.map((r) => r.video_id).sort()).toEqual(mixed.videoIds.filter((id) => id !== '../../etc/pa').sort())
    expect(await query("select count(*)::int as n from videos where video_id like '%/%'")).toEqual([{ n: 0 }])
    const cleaned = await query<{ description: string }>("select description from videos where title = 'Mixed 3'")
    expect(cleaned).toEqual([{ description: 'Intro with a NUL\n00:00 Start' }])
    expect((await admin.get('/api/youtube/status')).body.last).toMatchObject({ status: 'succeeded', imported: 6, total: 7, error: expect.stringContaining('"../../etc/pa"') })
    // A second run stores nothing twice and reports the same.
    const again = await admin.post('/api/youtube/import', { channelHandle: '@mixedchannel' })
    expect(again.body).toMatchObject({ imported: 0, total: 7 })
    expect(await channelRows(mixed.id)).toHaveLength(6)
  })

  it('a channel handle that is not a YouTube handle is refused before YouTube is asked', async () => {
    const before = fake.calls.channels
    for (const channelHandle of ['../../etc/pa', '@a/../b', 'https://evil.example/@creatorchannel', 'x']) {
      const res = await admin.post('/api/youtube/import', { channelHandle })
      expect(res.status, channelHandle).toBe(400)
      expect(res.body.error).toBe('That is not a YouTube channel handle (like @channelname)')
    }
    expect(fake.calls.channels).toBe(before)
    // A channel's URL names its handle.
    const res = await admin.post('/api/youtube/import', { channelHandle: 'https://www.youtube.com/@mixedchannel/videos' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ total: 7 })
  })

  it('creates clearly marked demo videos once, and a sync leaves them alone', async () => {
    const res = await admin.post('/api/youtube/mock')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ success: true, imported: 4, total: 4 })
    const demos = await query<{ title: string; is_demo: boolean; youtube_removed_at: Date | null }>('select title, is_demo, youtube_removed_at from videos where is_demo order by video_id')
    expect(demos).toHaveLength(4)
    for (const demo of demos) expect(demo.title.startsWith('[Demo] ')).toBe(true)
    expect((await admin.post('/api/youtube/mock')).body).toMatchObject({ imported: 0, total: 4 })
    await admin.post('/api/youtube/sync')
    expect(await query('select count(*)::int as n from videos where is_demo and youtube_removed_at is null')).toEqual([{ n: 4 }])
  })

  it('the scheduled sync resumes after the server is killed in the middle of it', async () => {
    const restart = fake.addChannel({ handle: '@restartchannel', title: 'Restart Channel', videos: Array.from({ length: 5 }, (_, i) => ({ title: `Restart ${i + 1}` })) })
    expect((await admin.request('PUT', '/api/admin/settings', { youtubeHandle: '@restartchannel' })).status).toBe(200)
    fake.hold('playlistItems')
    const [job] = await query<{ id: number }>(`insert into payload_jobs (task_slug, queue, input) values ('youtubeSync', 'default', '{}') returning id`)
    await until('the scheduled sync to be reading the playlist', async () => fake.waiting('playlistItems') > 0, 30_000)
    expect((await query('select processing from payload_jobs where id = $1', [job!.id]))[0]).toEqual({ processing: true })

    await server.kill() // SIGKILL mid-sync
    fake.release('playlistItems')
    expect(await channelRows(restart.id)).toHaveLength(0) // its transaction died with it

    server = await startTestServer('youtube', databaseUrl, serverEnv(), { fresh: false })
    admin = await signIn(server.url)
    await until('the orphaned sync to run again', async () => (await channelRows(restart.id)).length === 5, 60_000)
    await until('the job to finish', async () => {
      const [left] = await query<{ completed_at: Date | null; has_error: boolean }>('select completed_at, has_error from payload_jobs where id = $1', [job!.id])
      return !left || Boolean(left.completed_at) // deleted once complete
    })
    expect((await admin.get('/api/youtube/status')).body.last).toMatchObject({ status: 'succeeded', trigger: 'schedule', channelHandle: '@restartchannel', imported: 5, total: 5 })

    // A scheduled run that fails is recorded with its reason for /admin, and changes nothing.
    const before = await snapshot()
    fake.setQuotaExceeded(true)
    try {
      await query(`insert into payload_jobs (task_slug, queue, input) values ('youtubeSync', 'default', '{}')`)
      const last = await until('the scheduled run to fail', async () => {
        const status = (await admin.get('/api/youtube/status')).body.last
        return status.trigger === 'schedule' && status.status === 'failed' ? status : undefined
      }, 30_000)
      expect(last.error).toMatch(/quota/i)
    } finally {
      fake.setQuotaExceeded(false)
    }
    expect(await snapshot()).toBe(before)
  }, 180_000)

  it('without YOUTUBE_API_KEY import and sync say so and change nothing; mock still works', async () => {
    await server.stop()
    server = await startTestServer('youtube', databaseUrl, serverEnv({ YOUTUBE_API_KEY: '' }), { fresh: false })
    admin = await signIn(server.url)
    const before = await snapshot()
    const calls = { ...fake.calls }
    for (const res of [await admin.post('/api/youtube/import', { channelHandle: '@creatorchannel' }), await admin.post('/api/youtube/sync')]) {
      expect(res.status).toBe(503)
      expect(res.body.error).toContain('YOUTUBE_API_KEY')
    }
    expect(fake.calls).toEqual(calls)
    expect(await snapshot()).toBe(before)
    expect((await admin.get('/api/youtube/status')).body).toMatchObject({ apiKeyConfigured: false, last: { status: 'failed' } })
    expect((await admin.post('/api/youtube/mock')).status).toBe(200)
  }, 120_000)

  it('the production server refuses a YouTube base that is not Google’s unless a test opts in', async () => {
    const refused = await startTestServer('youtube-refused', databaseUrl, serverEnv({ YOUTUBE_ALLOW_TEST_BASE: '' })).then(
      async (s) => {
        await s.stop()
        return null
      },
      (error: Error) => error,
    )
    expect(refused?.message).toMatch(/exited/)
    const logFile = /see (\S+)$/.exec(refused!.message)![1]!
    expect(readFileSync(logFile, 'utf8')).toContain('YOUTUBE_API_BASE_URL must be a Google https URL')
  }, 120_000)
})
