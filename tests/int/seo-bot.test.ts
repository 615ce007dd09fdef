// The SEO bot against the real server and database: its doors, its runs on the jobs queue, the
// proposals (accept, reject, auto-accept), one run at a time, and its state across a restart.
import { randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { startTestServer } from '../helpers/test-server'
import { sql } from './sql'

const baseUrl = inject('baseUrl')

async function adminOn(url: string) {
  const client = new ApiClient(url)
  const res = await client.post('/api/auth/login', inject('admin'))
  expect(res.status).toBe(200)
  return client
}

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined && value !== null && value !== false) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
}

const CHAPTERED = (tag: string) =>
  [
    `A practical guide to community gardening in small city lots, ${tag}. We show how to plan beds, choose soil and share the harvest with neighbours.`,
    '',
    '00:00 Intro',
    '01:30 Planning the beds',
    '04:10 Choosing soil and compost',
    '07:45 Sharing the harvest',
  ].join('\n')

const created: number[] = []

async function createVideo(admin: ApiClient, { title, description, duration = 'PT10M' }: { title: string; description: string; duration?: string }, own = true) {
  const videoId = `seo_${randomBytes(5).toString('hex')}`
  const res = await admin.post('/cms/api/videos', { videoId, title, description, duration, source: 'youtube', publishedAt: new Date().toISOString() })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  if (own) created.push(res.body.doc.id)
  return { id: res.body.doc.id as number, videoId }
}

async function proposalsFor(admin: ApiClient, videoDocId: number, status = 'pending') {
  const res = await admin.get(`/api/seo-bot/proposals?status=${status}&limit=100`)
  expect(res.status).toBe(200)
  return (res.body.proposals as { id: number; video: { id: number } | null; status: string; proposed: any; current: any; changed: string[] }[]).filter(
    (p) => p.video?.id === videoDocId,
  )
}

async function waitForProposals(client: ApiClient, videoDocId: number) {
  return until('a proposal', async () => {
    const list = await proposalsFor(client, videoDocId)
    return list.length ? list : undefined
  })
}

/**
 * Runs until every video without SEO data has a proposal waiting (or rejected): then turning
 * auto-accept on touches only the videos this suite makes, never the seeded ones other suites read.
 */
async function proposeForAll(client: ApiClient) {
  await until('every video to have a proposal', async () => {
    await until('runs to finish', runsSettled)
    const [row] = await sql<{ n: string }>(
      `select count(*) as n from videos v where not coalesce(v.seo_generated, false)
       and not exists (select 1 from seo_proposals p where p.video_id = v.id and p.status in ('pending', 'rejected'))`,
    )
    if (Number(row!.n) === 0) return true
    await client.post('/api/seo-bot/process-now')
    return undefined
  }, 90_000)
}

/** No run of the bot due or under way any more (the schedule's next one waits for its time). */
const runsSettled = async () => {
  const [row] = await sql<{ n: string }>(
    `select count(*) as n from payload_jobs where task_slug = 'seoBotRun' and completed_at is null and not coalesce(has_error, false)
     and (processing or wait_until is null or wait_until <= now())`,
  )
  return Number(row!.n) === 0
}

let admin: ApiClient

beforeAll(async () => {
  admin = await adminOn(baseUrl)
})

afterAll(async () => {
  await admin.post('/api/seo-bot/stop')
  await admin.request('PUT', '/api/seo-bot/settings', { autoAccept: false })
  for (const id of created) await admin.request('DELETE', `/cms/api/videos/${id}`)
})

describe('the SEO bot doors', () => {
  const doors: [string, string][] = [
    ['GET', '/api/seo-bot/status'],
    ['POST', '/api/seo-bot/start'],
    ['POST', '/api/seo-bot/stop'],
    ['POST', '/api/seo-bot/process-now'],
    ['GET', '/api/seo-bot/proposals'],
    ['POST', '/api/seo-bot/proposals/1/accept'],
    ['POST', '/api/seo-bot/proposals/1/reject'],
    ['GET', '/api/seo-bot/settings'],
  ]

  it('are closed to a visitor (401) and a member (403)', async () => {
    const visitor = new ApiClient(baseUrl)
    const { client: member } = await registerMember(baseUrl)
    for (const [method, path] of doors) {
      const asVisitor = await visitor.request(method, path, method === 'GET' ? undefined : {})
      expect(asVisitor.status, `${method} ${path}`).toBe(401)
      expect(asVisitor.body).toEqual({ error: expect.any(String) })
      const asMember = await member.request(method, path, method === 'GET' ? undefined : {})
      expect(asMember.status, `${method} ${path}`).toBe(403)
    }
    const [before] = await sql<{ is_running: boolean }>('select is_running from seo_bot_state limit 1')
    expect(Boolean(before?.is_running)).toBe(false)
  })

  it('give an admin the status, and start and stop the bot', async () => {
    const status = await admin.get('/api/seo-bot/status')
    expect(status.status).toBe(200)
    expect(status.body).toMatchObject({ isRunning: false, processedThisSession: expect.any(Number), totalVideos: expect.any(Number), checkInterval: 300_000 })
    expect(status.body.totalVideos).toBeGreaterThan(0)

    const start = await admin.post('/api/seo-bot/start')
    expect(start).toMatchObject({ status: 200, body: { message: expect.stringMatching(/started/) } })
    const running = await admin.get('/api/seo-bot/status')
    expect(running.body).toMatchObject({ isRunning: true, processedThisSession: 0, startedAt: expect.any(String) })
    expect((await admin.post('/api/seo-bot/start')).body.message).toMatch(/already running/)

    const stop = await admin.post('/api/seo-bot/stop')
    expect(stop).toMatchObject({ status: 200, body: { message: expect.stringMatching(/stopped/) } })
    expect((await admin.get('/api/seo-bot/status')).body.isRunning).toBe(false)
    await until('the start run to finish', runsSettled)
  })
})

describe('a run', () => {
  it('proposes fields for a video without SEO data, without touching the video', async () => {
    const video = await createVideo(admin, { title: 'Community Gardening in Small City Lots: A Practical Guide for Beginners and Neighbours', description: CHAPTERED('part one') })
    const now = await admin.post('/api/seo-bot/process-now')
    expect(now).toMatchObject({ status: 200, body: { message: expect.any(String) } })
    const [proposal] = await waitForProposals(admin, video.id)
    expect(proposal!.proposed.seoTitle.length).toBeLessThanOrEqual(60)
    expect(proposal!.proposed.seoDescription.length).toBeLessThanOrEqual(155)
    expect(proposal!.proposed.keyMoments).toEqual([
      { timestamp: '0:00', description: 'Intro' },
      { timestamp: '1:30', description: 'Planning the beds' },
      { timestamp: '4:10', description: 'Choosing soil and compost' },
      { timestamp: '7:45', description: 'Sharing the harvest' },
    ])
    expect(proposal!.current).toMatchObject({ seoTitle: null, keyMoments: [] })
    expect(proposal!.changed).toEqual(expect.arrayContaining(['seoTitle', 'seoDescription', 'keywords', 'tags', 'keyMoments']))
    const seo = await admin.get(`/api/videos/${video.videoId}/seo`)
    expect(seo.body).toMatchObject({ seoGenerated: false, seoTitle: null })

    // Another run proposes nothing new while this one waits.
    await until('the run to finish', runsSettled)
    await admin.post('/api/seo-bot/process-now')
    await until('the second run to finish', runsSettled)
    expect(await proposalsFor(admin, video.id)).toHaveLength(1)
  })

  it('accepting writes the fields to the video; a second decision is refused', async () => {
    const video = await createVideo(admin, { title: 'Planting Tomatoes with Neighbours', description: CHAPTERED('part two') })
    await admin.post('/api/seo-bot/process-now')
    const [proposal] = await waitForProposals(admin, video.id)
    const accept = await admin.post(`/api/seo-bot/proposals/${proposal!.id}/accept`)
    expect(accept).toMatchObject({ status: 200, body: { message: expect.stringMatching(/accepted/i) } })

    const seo = await admin.get(`/api/videos/${video.videoId}/seo`)
    expect(seo.body).toMatchObject({
      seoGenerated: true,
      seoGeneratedAt: expect.any(String),
      seoTitle: proposal!.proposed.seoTitle,
      seoDescription: proposal!.proposed.seoDescription,
      keywords: proposal!.proposed.keywords,
      tags: proposal!.proposed.tags,
      category: proposal!.proposed.category,
      emotionalTone: proposal!.proposed.emotionalTone,
      keyMoments: proposal!.proposed.keyMoments,
    })
    expect((await proposalsFor(admin, video.id, 'accepted')).map((p) => p.id)).toEqual([proposal!.id])
    expect((await admin.post(`/api/seo-bot/proposals/${proposal!.id}/accept`)).status).toBe(409)
    expect((await admin.post(`/api/seo-bot/proposals/${proposal!.id}/reject`)).status).toBe(409)
    expect((await admin.post('/api/seo-bot/proposals/999999999/accept')).status).toBe(404)
    expect((await admin.post('/api/seo-bot/proposals/abc/accept')).status).toBe(400)
  })

  it('a rejected proposal is not made again for the same text, but is after the text changes', async () => {
    const video = await createVideo(admin, { title: 'Composting at Home', description: 'Turning kitchen scraps into rich compost for the garden. Simple, cheap and good for the soil.' })
    await admin.post('/api/seo-bot/process-now')
    const [proposal] = await waitForProposals(admin, video.id)
    expect((await admin.post(`/api/seo-bot/proposals/${proposal!.id}/reject`)).status).toBe(200)
    await until('runs to finish', runsSettled)
    await admin.post('/api/seo-bot/process-now')
    await until('the run to finish', runsSettled)
    expect(await proposalsFor(admin, video.id)).toHaveLength(0)

    expect((await admin.patch(`/cms/api/videos/${video.id}`, { description: 'Turning kitchen scraps into compost, now with a worm bin.' })).status).toBe(200)
    await admin.post('/api/seo-bot/process-now')
    await until('a new proposal', async () => (await proposalsFor(admin, video.id)).length === 1)
  })

  it('with auto-accept on, the fields go straight to the video', async () => {
    await proposeForAll(admin)
    expect((await admin.request('PUT', '/api/seo-bot/settings', { autoAccept: true })).body).toEqual({ autoAccept: true })
    expect((await admin.request('PUT', '/api/seo-bot/settings', { autoAccept: 'yes' })).status).toBe(400)
    try {
      const video = await createVideo(admin, { title: 'Saving Seeds for Next Spring', description: CHAPTERED('part three') })
      await admin.post('/api/seo-bot/process-now')
      const seo = await until('the fields on the video', async () => {
        const res = await admin.get(`/api/videos/${video.videoId}/seo`)
        return res.body.seoGenerated ? res.body : undefined
      })
      // The title already fits search results: no search title is proposed, the page uses the title.
      expect(seo.seoTitle).toBeNull()
      expect(seo.keyMoments).toHaveLength(4)
      const [row] = await sql<{ status: string; auto_accepted: boolean }>('select status, auto_accepted from seo_proposals where video_id = $1', [video.id])
      expect(row).toEqual({ status: 'accepted', auto_accepted: true })
    } finally {
      await admin.request('PUT', '/api/seo-bot/settings', { autoAccept: false })
    }
  })
})

describe('one run at a time', () => {
  it('a run does nothing while another holds the bot, and the next one does the work', async () => {
    await until('runs to finish', runsSettled)
    await sql(`update seo_bot_state set run_lease_until = now() + interval '1 hour'`)
    try {
      const video = await createVideo(admin, { title: 'Rain Barrels for Dry Summers', description: 'Collecting rain water for the garden.' })
      await admin.post('/api/seo-bot/process-now')
      await until('the run to finish', runsSettled)
      expect(await proposalsFor(admin, video.id)).toHaveLength(0)
      await sql('update seo_bot_state set run_lease_until = null')
      await admin.post('/api/seo-bot/process-now')
      await until('a proposal', async () => (await proposalsFor(admin, video.id)).length === 1)
    } finally {
      await sql('update seo_bot_state set run_lease_until = null')
    }
  })

  it('runs asked for together make one proposal per video, and the database refuses a second', async () => {
    const video = await createVideo(admin, { title: 'Mulching Made Simple', description: 'Why mulch keeps soil moist and weeds down.' })
    await Promise.all([admin.post('/api/seo-bot/process-now'), admin.post('/api/seo-bot/process-now'), admin.post('/api/seo-bot/process-now')])
    await until('a proposal', async () => (await proposalsFor(admin, video.id)).length > 0)
    await until('the runs to finish', runsSettled)
    const rows = await sql('select id from seo_proposals where video_id = $1', [video.id])
    expect(rows).toHaveLength(1)
    await expect(sql(`insert into seo_proposals (video_id, status, provider, input_hash) values ($1, 'pending', 'local', 'x')`, [video.id])).rejects.toThrow(/seo_proposals_one_pending_idx/)

    // A video with a proposal can still be deleted: its proposals go with it.
    expect((await admin.request('DELETE', `/cms/api/videos/${video.id}`)).status).toBe(200)
    expect(await sql('select id from seo_proposals where video_id = $1', [video.id])).toHaveLength(0)
    created.splice(created.indexOf(video.id), 1)
  })
})

describe('across a restart', () => {
  it('the running state and the schedule survive the server going away', async () => {
    // A server on its own embedded PostgreSQL, so only its own schedule (every 3 s) runs the bot there.
    const env = { SEO_BOT_INTERVAL_SECONDS: '3', JOBS_CRON: '*/2 * * * * *' }
    const first = await startTestServer('seobot-restart', null, env)
    let startedAt: string
    try {
      const there = await adminOn(first.url)
      expect((await there.post('/api/seo-bot/start')).status).toBe(200)
      startedAt = (await there.get('/api/seo-bot/status')).body.startedAt
      expect(startedAt).toEqual(expect.any(String))
    } finally {
      await first.stop()
    }
    const second = await startTestServer('seobot-restart', null, env, { fresh: false })
    try {
      const there = await adminOn(second.url)
      const status = await there.get('/api/seo-bot/status')
      expect(status.body).toMatchObject({ isRunning: true, startedAt, checkInterval: 3000 })
      // No process-now: the schedule alone picks up a new video.
      const video = await createVideo(there, { title: 'Winter Cover Crops', description: 'Clover and rye protect the soil over winter.' }, false)
      await until('a proposal from the schedule', async () => (await proposalsFor(there, video.id)).length === 1, 150_000)
      expect((await there.get('/api/seo-bot/status')).body.processedThisSession).toBeGreaterThan(0)
    } finally {
      await second.stop()
    }
  }, 300_000)
})
