// Deciding the SEO bot's proposals against the real server and database: field by field, edited,
// in bulk, refused when the video changed since (stale) until regenerated, and hand-written key
// moments kept, with or without auto-accept.
import { randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { ApiClient } from '../helpers/api-client'
import { sql } from './sql'

const baseUrl = inject('baseUrl')

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined && value !== null && value !== false) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
}

const runsSettled = async () => {
  const [row] = await sql<{ n: string }>(
    `select count(*) as n from payload_jobs where task_slug = 'seoBotRun' and completed_at is null and not coalesce(has_error, false)
     and (processing or wait_until is null or wait_until <= now())`,
  )
  return Number(row!.n) === 0
}

const DESCRIPTION = [
  'A practical guide to rain gardens for city blocks. We show how to dig the basin, pick native plants and keep storm water out of the street.',
  '',
  '00:00 Why rain gardens',
  '01:30 Digging the basin',
  '04:10 Native plants that cope',
]
const HAND_WRITTEN = [
  { timestamp: '0:00', description: 'My own opening' },
  { timestamp: '2:00', description: 'My own middle' },
]

type Proposal = {
  id: number
  status: string
  video: { id: number } | null
  proposed: Record<string, any>
  current: Record<string, any>
  changed: string[]
  decisions: Record<string, { action: string; edited?: boolean }>
  stale: boolean
  keyMomentsHandWritten: boolean
}

let admin: ApiClient
const created: number[] = []

async function createVideo(extra: Record<string, unknown> = {}) {
  const videoId = `seod_${randomBytes(5).toString('hex')}`
  const res = await admin.post('/cms/api/videos', {
    videoId,
    title: 'Rain Gardens for City Blocks: Digging, Planting and Keeping Storm Water Out of the Street',
    description: DESCRIPTION.join('\n'),
    duration: 'PT10M',
    source: 'youtube',
    publishedAt: new Date().toISOString(),
    ...extra,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  created.push(res.body.doc.id)
  return { id: res.body.doc.id as number, videoId }
}

async function proposalOf(videoDocId: number, status = 'pending'): Promise<Proposal | undefined> {
  const res = await admin.get(`/api/seo-bot/proposals?status=${status}&limit=100`)
  expect(res.status).toBe(200)
  return (res.body.proposals as Proposal[]).find((p) => p.video?.id === videoDocId)
}

/** Videos made, then one run: a pending proposal for each. */
async function proposedFor(...videos: { id: number }[]) {
  await until('runs to finish', runsSettled)
  await admin.post('/api/seo-bot/process-now')
  const found: Proposal[] = []
  for (const video of videos) found.push(await until('a proposal', () => proposalOf(video.id)))
  return found
}

const seoOf = async (videoId: string) => (await admin.get(`/api/videos/${videoId}/seo`)).body

beforeAll(async () => {
  admin = new ApiClient(baseUrl)
  expect((await admin.post('/api/auth/login', inject('admin'))).status).toBe(200)
})

afterAll(async () => {
  await admin.request('PUT', '/api/seo-bot/settings', { autoAccept: false })
  for (const id of created) await admin.request('DELETE', `/cms/api/videos/${id}`)
})

describe('accepting field by field', () => {
  it('writes only the chosen fields; the rest wait, and the proposal is accepted once all are decided', async () => {
    const video = await createVideo()
    const [proposal] = await proposedFor(video)
    expect(proposal!.proposed.seoTitle).toBe('Rain Gardens for City Blocks')
    const accept = await admin.post(`/api/seo-bot/proposals/${proposal!.id}/accept`, { fields: ['seoTitle', 'tags'] })
    expect(accept).toMatchObject({ status: 200, body: { message: 'Accepted 2 fields: the video now uses them.' } })
    const seo = await seoOf(video.videoId)
    expect(seo).toMatchObject({ seoTitle: 'Rain Gardens for City Blocks', tags: proposal!.proposed.tags, seoDescription: null, keyMoments: [] })

    const waiting = await proposalOf(video.id)
    expect(waiting!.decisions).toMatchObject({ seoTitle: { action: 'accepted', edited: false }, tags: { action: 'accepted' } })
    expect(waiting!.decisions.seoDescription).toBeUndefined()
    // A field already decided is not decided twice.
    expect((await admin.post(`/api/seo-bot/proposals/${proposal!.id}/accept`, { fields: ['seoTitle'] })).status).toBe(409)

    // Accept with no field list takes the rest.
    expect((await admin.post(`/api/seo-bot/proposals/${proposal!.id}/accept`)).body.message).toMatch(/^Proposal accepted/)
    expect(await seoOf(video.videoId)).toMatchObject({ seoDescription: proposal!.proposed.seoDescription, keyMoments: proposal!.proposed.keyMoments })
    expect(await proposalOf(video.id, 'accepted')).toBeDefined()
  })

  it('writes the creator’s edit of a field instead of the proposed value, checked with the field’s rule', async () => {
    const video = await createVideo()
    const [proposal] = await proposedFor(video)
    const url = `/api/seo-bot/proposals/${proposal!.id}/accept`
    for (const values of [{ seoDescription: 'x'.repeat(156) }, { seoTitle: 'Two\nlines' }, { keyMoments: [{ timestamp: '9:99', description: 'Nope' }] }, { colour: 'red' }]) {
      const refused = await admin.post(url, { values })
      expect(refused.status, JSON.stringify(values)).toBe(400)
      expect(refused.body).toEqual({ error: expect.any(String), issues: expect.any(Array) })
    }
    expect((await admin.post(url, { fields: [] })).status).toBe(400)
    expect(await seoOf(video.videoId)).toMatchObject({ seoDescription: null, seoTitle: null })

    const own = 'Dig a shallow basin, plant natives and let the storm water soak in. Our step-by-step rain garden guide.'
    const edited = await admin.post(url, { fields: ['seoDescription'], values: { seoDescription: own, seoTitle: 'Rain Gardens, Step by Step' } })
    expect(edited).toMatchObject({ status: 200, body: { message: 'Accepted 2 fields: the video now uses them.' } })
    expect(await seoOf(video.videoId)).toMatchObject({ seoDescription: own, seoTitle: 'Rain Gardens, Step by Step', keywords: [] })
    expect((await proposalOf(video.id))!.decisions).toMatchObject({ seoDescription: { action: 'accepted', edited: true }, seoTitle: { action: 'accepted', edited: true } })

    // Rejecting now turns down the rest; what was accepted stays on the video.
    expect((await admin.post(`/api/seo-bot/proposals/${proposal!.id}/reject`)).body.message).toMatch(/remaining fields were rejected/)
    const done = await proposalOf(video.id, 'accepted')
    expect(done!.decisions.keywords).toMatchObject({ action: 'rejected' })
    expect(await seoOf(video.videoId)).toMatchObject({ seoDescription: own, keywords: [] })
  })
})

describe('several at once', () => {
  it('accepts or rejects the selected proposals, each on its own, reporting the ones it could not', async () => {
    const [a, b, c] = [await createVideo(), await createVideo(), await createVideo()]
    const [pa, pb, pc] = await proposedFor(a, b, c)
    const accept = await admin.post('/api/seo-bot/proposals/bulk', { action: 'accept', ids: [pa!.id, pb!.id, 999_999_999] })
    expect(accept.status).toBe(200)
    expect(accept.body).toEqual({
      message: 'Accepted 2 proposals; 1 could not be accepted.',
      results: [{ id: pa!.id, ok: true }, { id: pb!.id, ok: true }, { id: 999_999_999, ok: false, error: 'Proposal not found.' }],
    })
    expect((await seoOf(a.videoId)).seoGenerated).toBe(true)
    expect((await seoOf(b.videoId)).keyMoments).toHaveLength(3)

    const reject = await admin.post('/api/seo-bot/proposals/bulk', { action: 'reject', ids: [pc!.id, pa!.id] })
    expect(reject.body.results).toEqual([{ id: pc!.id, ok: true }, { id: pa!.id, ok: false, error: 'This proposal has already been decided.' }])
    expect(await proposalOf(c.id, 'rejected')).toBeDefined()
    expect((await seoOf(c.videoId)).seoGenerated).toBe(false)

    for (const body of [{ action: 'accept', ids: [] }, { action: 'approve', ids: [1] }, { action: 'accept', ids: ['x'] }]) {
      expect((await admin.post('/api/seo-bot/proposals/bulk', body)).status).toBe(400)
    }
    expect((await new ApiClient(baseUrl).post('/api/seo-bot/proposals/bulk', { action: 'accept', ids: [pa!.id] })).status).toBe(401)
  })
})

describe('a stale proposal', () => {
  it('is marked stale once its video changed, refused (409) until regenerated', async () => {
    const video = await createVideo()
    const [proposal] = await proposedFor(video)
    expect(proposal!.stale).toBe(false)
    // As a YouTube sync renaming the video would.
    await sql('update videos set title = $1 where id = $2', ['Rain Gardens That Stop Flooding on Our Street', video.id])
    const stale = await proposalOf(video.id)
    expect(stale!.stale).toBe(true)
    for (const body of [undefined, { fields: ['tags'] }, { values: { seoDescription: 'Mine.' } }]) {
      const refused = await admin.post(`/api/seo-bot/proposals/${proposal!.id}/accept`, body)
      expect(refused.status).toBe(409)
      expect(refused.body.error).toMatch(/^Stale — the video changed since/)
    }
    expect((await admin.post('/api/seo-bot/proposals/bulk', { action: 'accept', ids: [proposal!.id] })).body.results[0]).toMatchObject({ ok: false, error: expect.stringMatching(/^Stale/) })
    expect((await seoOf(video.videoId)).seoGenerated).toBe(false)

    const regenerated = await admin.post(`/api/seo-bot/proposals/${proposal!.id}/regenerate`)
    expect(regenerated).toMatchObject({ status: 200, body: { message: 'Proposal regenerated from the video as it is now.' } })
    const fresh = await proposalOf(video.id)
    expect(fresh).toMatchObject({ id: proposal!.id, stale: false })
    expect((await admin.post(`/api/seo-bot/proposals/${proposal!.id}/accept`)).status).toBe(200)
    expect((await admin.post(`/api/seo-bot/proposals/${proposal!.id}/regenerate`)).status).toBe(409)
  })
})

describe('hand-written key moments', () => {
  it('are kept when a proposal is accepted, and refused when asked for by name', async () => {
    const video = await createVideo({ keyMoments: HAND_WRITTEN })
    const [proposal] = await proposedFor(video)
    expect(proposal!.keyMomentsHandWritten).toBe(true)
    const asked = await admin.post(`/api/seo-bot/proposals/${proposal!.id}/accept`, { fields: ['keyMoments'] })
    expect(asked).toMatchObject({ status: 409, body: { error: 'These key moments were written by hand: the bot never replaces them.' } })
    expect((await admin.post(`/api/seo-bot/proposals/${proposal!.id}/accept`, { values: { keyMoments: proposal!.proposed.keyMoments } })).status).toBe(409)

    expect((await admin.post(`/api/seo-bot/proposals/${proposal!.id}/accept`)).status).toBe(200)
    const seo = await seoOf(video.videoId)
    expect(seo).toMatchObject({ keyMoments: HAND_WRITTEN, seoDescription: proposal!.proposed.seoDescription, seoGenerated: true })
    expect((await proposalOf(video.id, 'accepted'))!.decisions.keyMoments).toMatchObject({ action: 'kept' })
  })

  it('the bot’s own key moments it may replace; once the creator edits them they are hand-written', async () => {
    const video = await createVideo()
    const [first] = await proposedFor(video)
    expect(first!.keyMomentsHandWritten).toBe(false)
    expect((await admin.post(`/api/seo-bot/proposals/${first!.id}/accept`)).status).toBe(200)
    // New chapters and the bot asked to write the fields again (seoGenerated unticked in /cms).
    const description = [DESCRIPTION[0], '', '00:00 Why rain gardens', '03:00 Digging the basin', '06:00 Native plants that cope'].join('\n')
    expect((await admin.patch(`/cms/api/videos/${video.id}`, { description, seoGenerated: false })).status).toBe(200)
    const [second] = await proposedFor(video)
    expect(second!.keyMomentsHandWritten).toBe(false)
    expect((await admin.post(`/api/seo-bot/proposals/${second!.id}/accept`, { fields: ['keyMoments'] })).status).toBe(200)
    expect((await seoOf(video.videoId)).keyMoments.map((m: { timestamp: string }) => m.timestamp)).toEqual(['0:00', '3:00', '6:00'])
    await admin.post(`/api/seo-bot/proposals/${second!.id}/reject`)

    // The creator retitles one moment by hand: from now on the bot keeps them.
    const edited = [{ timestamp: '0:00', description: 'Why we dug one' }, { timestamp: '3:00', description: 'Digging the basin' }, { timestamp: '6:00', description: 'Native plants that cope' }]
    expect((await admin.patch(`/cms/api/videos/${video.id}`, { keyMoments: edited, description: `${description}\n09:00 Upkeep`, seoGenerated: false })).status).toBe(200)
    const [third] = await proposedFor(video)
    expect(third!.keyMomentsHandWritten).toBe(true)
    expect((await admin.post(`/api/seo-bot/proposals/${third!.id}/accept`, { fields: ['keyMoments'] })).status).toBe(409)
  })

  it('are kept with auto-accept on', async () => {
    // Every other video waits with a proposal first, so auto-accept touches only this one.
    await until('every video to have a proposal', async () => {
      await until('runs to finish', runsSettled)
      const [row] = await sql<{ n: string }>(
        `select count(*) as n from videos v where not coalesce(v.seo_generated, false)
         and not exists (select 1 from seo_proposals p where p.video_id = v.id and p.status in ('pending', 'rejected'))`,
      )
      if (Number(row!.n) === 0) return true
      await admin.post('/api/seo-bot/process-now')
      return undefined
    }, 90_000)
    expect((await admin.request('PUT', '/api/seo-bot/settings', { autoAccept: true })).status).toBe(200)
    try {
      const video = await createVideo({ keyMoments: HAND_WRITTEN })
      await admin.post('/api/seo-bot/process-now')
      const seo = await until('the fields on the video', async () => {
        const body = await seoOf(video.videoId)
        return body.seoGenerated ? body : undefined
      })
      expect(seo.keyMoments).toEqual(HAND_WRITTEN)
      expect(seo.seoTitle).toBe('Rain Gardens for City Blocks')
      const [row] = await sql<{ status: string; auto_accepted: boolean; kept: string }>(
        `select status, auto_accepted, decisions -> 'keyMoments' ->> 'action' as kept from seo_proposals where video_id = $1`,
        [video.id],
      )
      expect(row).toEqual({ status: 'accepted', auto_accepted: true, kept: 'kept' })
    } finally {
      await admin.request('PUT', '/api/seo-bot/settings', { autoAccept: false })
    }
  })
})
