// Daily caps under concurrency (parallel claims and view reports pay exactly the cap), and a points
// day that a change of time zone cannot open a second time (no second login bonus or streak day).
import { describe, expect, inject, it } from 'vitest'

import { posts } from '../../cms/seed/fixtures/posts'
import { videos } from '../../cms/seed/fixtures/videos'
import { DAILY_POINT_CAPS } from '../../shared/points'
import { SITE_TIME_ZONE } from '../../shared/constants'
import { registerMember, type ApiResponse } from '../helpers/api-client'
import { rowsOfType, totalsOf } from './points-helpers'
import { sql } from './sql'

const baseUrl = inject('baseUrl')

const openVideos = videos.filter((v) => !v.isPremium && !('isUncut' in v && v.isUncut)).map((v) => v.videoId)
const publishedSlugs = posts.filter((p) => p.status === 'published').map((p) => p.slug)

const serverErrors = (responses: ApiResponse[]) => responses.filter((r) => r.status >= 500).map((r) => `${r.status} ${JSON.stringify(r.body)}`)

describe('daily caps hold under parallel requests', () => {
  it('30 content_share claims at once (distinct items) pay exactly the cap', async () => {
    const { client, user } = await registerMember(baseUrl)
    const items = [...openVideos.slice(0, 20).map((id) => ({ contentType: 'video', contentId: id })), ...publishedSlugs.slice(0, 10).map((slug) => ({ contentType: 'blog_post', contentId: slug }))]
    const claims = await Promise.all(items.map((item) => client.post('/api/points/award', { activityType: 'content_share', ...item })))
    expect(serverErrors(claims)).toEqual([])
    expect(claims.every((r) => r.status === 200)).toBe(true)
    expect(claims.filter((r) => r.body.pointsAwarded > 0)).toHaveLength(DAILY_POINT_CAPS.content_share!)
    expect(await rowsOfType(user.id, 'content_share')).toHaveLength(DAILY_POINT_CAPS.content_share!)
  })

  it('blog_read claims for every published post at once pay exactly the cap', async () => {
    const { client, user } = await registerMember(baseUrl)
    const read = await sql<{ id: number; slug: string }>("select id, slug from posts where slug = any($1) and status = 'published'", [publishedSlugs])
    expect(read.length).toBeGreaterThan(DAILY_POINT_CAPS.blog_read!)
    // Opened an hour ago: every claim has its evidence.
    for (const post of read) {
      await sql("insert into post_reads (user_id, post_id, opened_at) values ($1, $2, now() - interval '1 hour')", [user.id, post.id])
    }
    const claims = await Promise.all(read.map((post) => client.post('/api/points/award', { activityType: 'blog_read', contentType: 'blog_post', contentId: post.slug })))
    expect(serverErrors(claims)).toEqual([])
    expect(claims.filter((r) => r.body.pointsAwarded > 0)).toHaveLength(DAILY_POINT_CAPS.blog_read!)
    expect(await rowsOfType(user.id, 'blog_read')).toHaveLength(DAILY_POINT_CAPS.blog_read!)
  })

  it('view reports of 30 videos at once pay video_watch exactly the cap', async () => {
    const { client, user } = await registerMember(baseUrl)
    const reports = await Promise.all(openVideos.slice(0, 30).map((videoId) => client.post('/api/videos/track-views', { videoId })))
    expect(serverErrors(reports)).toEqual([])
    expect(reports.filter((r) => r.status === 200 && r.body.counted).length).toBeGreaterThan(DAILY_POINT_CAPS.video_watch!)
    expect(await rowsOfType(user.id, 'video_watch')).toHaveLength(DAILY_POINT_CAPS.video_watch!)
  })
})

/** The calendar day at this instant in `timeZone`. */
const dayIn = (timeZone: string, at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)

describe('a change of time zone never opens a second points day', () => {
  it('zones ahead of and behind the site’s, flipped in turn: one login bonus, no streak day', async () => {
    const [setting] = await sql<{ time_zone: string | null }>('select time_zone from site_settings limit 1')
    const siteZone = setting?.time_zone || SITE_TIME_ZONE
    // Zones that are on another date than the site right now (one of the two always is).
    const elsewhere = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Tokyo', 'Europe/Berlin', 'Africa/Lagos'].filter((zone) => dayIn(zone) !== dayIn(siteZone))
    expect(elsewhere.length, `no zone is on another date than ${siteZone}`).toBeGreaterThan(0)

    const { client, user } = await registerMember(baseUrl)
    expect((await client.get('/api/auth/me')).status).toBe(200) // the day's login bonus
    const flips = [elsewhere[0]!, siteZone, elsewhere.at(-1)!]
    for (const zone of flips) {
      expect((await client.request('PUT', '/api/user/time-zone', { timeZone: zone })).status).toBe(200)
      // A signed-in page and an API call: each may give the day's login bonus.
      await client.get('/')
      expect((await client.get('/api/auth/me')).status).toBe(200)
    }
    expect(await rowsOfType(user.id, 'login')).toHaveLength(1)
    expect(await rowsOfType(user.id, 'daily_streak')).toHaveLength(0)
    expect(await totalsOf(user.id)).toMatchObject({ streak: 1, level: 1 })
    expect((await client.get('/api/user/stats')).body.streak).toBe(1)
  })
})
