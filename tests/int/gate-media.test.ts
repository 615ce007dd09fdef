// The premium gate at the media door and the video API: uncut videos are premium-only like
// premium ones, and a lapsed membership ends access to a file mid-session (checked per Range).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { asBrowser, createManualVideo, deleteVideo, getFile } from './gate-helpers'
import { sql } from './sql'
import { baseUrl, premiumMember, SEEDED, signedInAdmin } from './videos-helpers'

let admin: ApiClient
let uncut: Awaited<ReturnType<typeof createManualVideo>>

beforeAll(async () => {
  admin = await signedInAdmin()
  uncut = await createManualVideo(admin, { isUncut: true, isPremium: false })
})
afterAll(async () => {
  await deleteVideo(admin, uncut.id)
})

describe('uncut videos are premium-only', () => {
  it("refuses an uncut video's file to a visitor and a member, and serves it to a premium member and an admin", async () => {
    expect((await getFile(uncut.file, { range: 'bytes=0-99' })).status).toBe(403)
    const { client: member } = await registerMember(baseUrl)
    expect((await getFile(uncut.file, asBrowser(member.cookie, { range: 'bytes=0-99' }))).status).toBe(403)
    const { client: premium } = await premiumMember()
    const served = await getFile(uncut.file, asBrowser(premium.cookie, { range: 'bytes=0-99' }))
    expect(served.status).toBe(206)
    expect(served.headers.get('cache-control')).toBe('private, no-cache')
    expect((await getFile(uncut.file, asBrowser(admin.cookie, { range: 'bytes=0-99' }))).status).toBe(206)
  })

  it('gives no videoUrl in the JSON API or /cms/api to a member, and says why', async () => {
    const { client: member } = await registerMember(baseUrl)
    const api = await member.get(`/api/videos/${uncut.videoId}`)
    expect(api.status).toBe(200)
    expect(api.body).toMatchObject({ isUncut: true, isPremium: false, videoUrl: null, locked: 'premium' })
    const rest = await member.get(`/cms/api/videos/${uncut.id}`)
    expect(rest.status).toBe(200)
    expect(rest.body.videoUrl).toBeUndefined()
    expect(JSON.stringify(rest.body)).not.toContain(uncut.file)
    const { client: premium } = await premiumMember()
    expect((await premium.get(`/api/videos/${uncut.videoId}`)).body).toMatchObject({ videoUrl: uncut.file, locked: null })
  })

  it('shows the seeded uncut YouTube video (not premium) to a member as the Premium lock, with no player', async () => {
    const { client: member } = await registerMember(baseUrl)
    const api = await member.get(`/api/videos/${SEEDED.uncutYoutube}`)
    expect(api.body).toMatchObject({ isUncut: true, isPremium: false, locked: 'premium' })
    const page = await member.request('GET', `/video/${SEEDED.uncutYoutube}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('data-testid="premium-lock"')
    expect(page.body).toContain('Premium Exclusive')
    expect(page.body).not.toContain(`youtube-nocookie.com/embed/${SEEDED.uncutYoutube}`)
    // Its comments are withheld with it.
    const comments = await member.get(`/api/videos/${SEEDED.uncutYoutube}/comments`)
    expect(comments.body).toMatchObject({ comments: [], totalDocs: 0, locked: 'premium' })
    const posted = await member.post(`/api/videos/${SEEDED.uncutYoutube}/comments`, { content: 'Hello' })
    expect(posted.status).toBe(403)
    // Nor through /cms/api: the collection's read rule is the gate's too.
    expect((await admin.post(`/api/videos/${SEEDED.uncutYoutube}/comments`, { content: 'For those who can watch it' })).status).toBe(201)
    const videoDocId = api.body.id as number
    const rest = await member.get(`/cms/api/comments?where[video][equals]=${videoDocId}&depth=0`)
    expect(rest.status).toBe(200)
    expect(rest.body.totalDocs).toBe(0)
    const { client: premium } = await premiumMember()
    expect((await premium.get(`/cms/api/comments?where[video][equals]=${videoDocId}&depth=0`)).body.totalDocs).toBeGreaterThan(0)
    expect((await premium.get(`/api/videos/${SEEDED.uncutYoutube}/comments`)).body.comments.length).toBeGreaterThan(0)
  })

  it('auto-play skips locked videos: a free video before the uncut one goes on to one the member can play', async () => {
    const list = (await new ApiClient(baseUrl).get('/api/videos?limit=100')).body.videos as { videoId: string; isPremium: boolean; isUncut: boolean; source: string; earlyAccessUntil: string | null }[]
    const at = list.findIndex((v) => v.videoId === SEEDED.uncutYoutube)
    const before = list[at - 1]
    expect(before && before.source === 'youtube' && !before.isPremium && !before.isUncut).toBe(true)
    const { client: member } = await registerMember(baseUrl)
    const page = (await member.request('GET', `/video/${before!.videoId}`)).body as string
    const next = /\/video\/([A-Za-z0-9_-]+)\?autoplay=1/.exec(page.replace(/&quot;/g, '"'))?.[1]
    expect(next).toBeTruthy()
    expect(next).not.toBe(SEEDED.uncutYoutube)
    const target = list.find((v) => v.videoId === next)!
    expect(target.isPremium || target.isUncut).toBe(false)
  })

  it("the Up Next card shows the video auto-play will open, not the locked one it skips", async () => {
    const list = (await new ApiClient(baseUrl).get('/api/videos?limit=100')).body.videos as { videoId: string }[]
    const before = list[list.findIndex((v) => v.videoId === SEEDED.uncutYoutube) - 1]!
    for (const viewer of [new ApiClient(baseUrl), (await registerMember(baseUrl)).client]) {
      const page = ((await viewer.request('GET', `/video/${before.videoId}`)).body as string).replace(/&quot;/g, '"')
      const autoplay = /data-autoplay-next="\/video\/([A-Za-z0-9_-]+)\?autoplay=1"/.exec(page)?.[1]
      const card = /<section[^>]*data-testid="up-next"[\s\S]*?<\/section>/.exec(page)?.[0] ?? ''
      const cardTarget = /href="\/video\/([A-Za-z0-9_-]+)"/.exec(card)?.[1]
      expect(autoplay).toBeTruthy()
      expect(cardTarget).toBe(autoplay)
      expect(cardTarget).not.toBe(SEEDED.uncutYoutube)
    }
  })
})

describe('expiry mid-session', () => {
  it('ends access to a premium file between two Range requests of the same session', async () => {
    const { client, user } = await premiumMember()
    const file = `/media/videos/${SEEDED.premiumManual}.mp4`
    await sql('update users set premium_expires_at = $1 where id = $2', [new Date(Date.now() + 3_600_000).toISOString(), user.id])
    expect((await getFile(file, asBrowser(client.cookie, { range: 'bytes=0-99' }))).status).toBe(206)
    await sql('update users set premium_expires_at = $1 where id = $2', [new Date(Date.now() - 1_000).toISOString(), user.id])
    const refused = await getFile(file, asBrowser(client.cookie, { range: 'bytes=100-199' }))
    expect(refused.status).toBe(403)
    expect(refused.headers.get('cache-control')).toBe('no-store')
  })
})
