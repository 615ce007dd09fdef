// An upload is on the site only once it plays: while it waits for its transcode, or after the
// transcode failed, it is in no list (home page, /vlog, /api/videos), feed or sitemap, and its
// page is 404 — for visitors and members alike. Admins open it and see where it stands and why.
import fs from 'node:fs'
import { randomBytes } from 'node:crypto'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { fields, makeTestMp4, mp4Part, postMultipart, waitForTranscode } from './video-upload-helpers'
import { baseUrl, signedInAdmin } from './videos-helpers'

let admin: ApiClient
let member: ApiClient
const created: number[] = []

beforeAll(async () => {
  admin = await signedInAdmin()
  member = (await registerMember(baseUrl)).client
  makeTestMp4()
})
afterAll(async () => {
  for (const id of created) await admin.request('DELETE', `/cms/api/videos/${id}`)
})

/** Every public door a listed video shows up in, as a visitor and as a member sees it. */
async function doorsShowing(videoId: string, title: string): Promise<string[]> {
  const visitor = new ApiClient(baseUrl)
  const found: string[] = []
  for (const [who, client] of [['visitor', visitor], ['member', member]] as const) {
    for (const path of ['/', '/vlog', '/api/videos?limit=100', '/sitemap.xml', '/rss.xml', '/videos/rss.xml']) {
      const res = await client.get(path)
      expect(res.status, `${who} ${path}`).toBe(200)
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body)
      if (text.includes(videoId) || text.includes(title)) found.push(`${who} ${path}`)
    }
    for (const path of [`/video/${videoId}`, `/api/videos/${videoId}`, `/media/videos/${videoId}/original.mp4`]) {
      const res = await client.get(path)
      if (res.status !== 404) found.push(`${who} ${path} (${res.status})`)
    }
  }
  return found
}

describe('an upload is public only once it plays', () => {
  it('a junk file whose transcode fails is listed nowhere, and the admin sees why', async () => {
    const mp4 = fs.readFileSync(makeTestMp4())
    // A real MP4's magic number, then nothing a decoder can use.
    const junk = Buffer.concat([mp4.subarray(0, 32), Buffer.alloc(256 * 1024, 0x42)])
    const title = `Junk upload ${randomBytes(4).toString('hex')}`
    const res = await postMultipart([...fields({ title, publishedAt: new Date().toISOString() }), { name: 'video', filename: 'junk.mp4', type: 'video/mp4', bytes: junk }], { cookie: admin.cookie })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    created.push(res.body.id)
    const row = await waitForTranscode(res.body.videoId)
    expect(row.transcode_status).toBe('failed')
    expect(row.transcode_error).toBeTruthy()

    expect(await doorsShowing(res.body.videoId, title)).toEqual([])
    // The admin opens its page and reads why; the uploads list says it too.
    const page = await admin.get(`/video/${res.body.videoId}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('data-testid="video-off-site"')
    expect(page.body).toContain('Transcode failed')
    expect(page.body).toContain(`failed: ${row.transcode_error!.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')}`)
    expect((await admin.get(`/media/videos/${res.body.videoId}/original.mp4`)).status).toBe(200)
    const uploads = await admin.get('/api/videos/uploads')
    expect(uploads.body.find((u: { videoId: string }) => u.videoId === res.body.videoId)).toMatchObject({ transcodeStatus: 'failed', transcodeError: row.transcode_error })
    // Not even the admin's home page makes it the Latest Video.
    expect((await admin.get('/')).body).not.toContain(title)
  })

  it('a video still waiting for its transcode is listed nowhere until it plays, then everywhere', async () => {
    const videoId = `manual_wait${randomBytes(4).toString('hex')}`
    const title = `Waiting upload ${randomBytes(4).toString('hex')}`
    // Another process is transcoding it (it holds the video's lock): the job leaves it waiting.
    const holder = new pg.Client({ connectionString: inject('databaseUrl') })
    await holder.connect()
    let id: number
    try {
      await holder.query('select pg_advisory_lock($1, hashtext($2))', [0x7472, videoId])
      const res = await postMultipart([...fields({ title, videoId, publishedAt: new Date().toISOString() }), mp4Part(makeTestMp4())], { cookie: admin.cookie })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      id = res.body.id
      created.push(id)
      expect(await doorsShowing(videoId, title)).toEqual([])
      const page = await admin.get(`/video/${videoId}`)
      expect(page.status).toBe(200)
      expect(page.body).toContain('Not on the site yet: Waiting to transcode')
    } finally {
      await holder.end()
    }
    // Once transcoded it is on the site: the home page's Latest Video, /vlog, the feeds.
    await expect.poll(async () => (await waitForTranscode(videoId, 120_000)).transcode_status, { timeout: 150_000 }).toBe('ready')
    await expect.poll(async () => (await new ApiClient(baseUrl).get('/vlog')).body, { timeout: 15_000 }).toContain(title)
    expect((await new ApiClient(baseUrl).get(`/video/${videoId}`)).status).toBe(200)
    expect((await new ApiClient(baseUrl).get('/sitemap.xml')).body).toContain(videoId)
  }, 240_000)
})
