// Analytics: SPEC §2 Admin panel → Analytics, §7 Admin: the three admin endpoints, who
// May read them, their range parameter, and their numbers against a seeded set of page views,
// visits, watch time, members and payments.
import { describe, expect, it } from 'vitest'

import { posts } from '../../cms/seed/fixtures/posts'
import { videos } from '../../cms/seed/fixtures/videos'
import { ApiClient, registerMember } from '../helpers/api-client'
import { baseUrl, browserAgent, inOneTransaction, newTag, signedInAdmin, until } from './analytics-helpers'
import { sql } from './sql'

const ENDPOINTS = ['/api/admin/analytics', '/api/admin/user-count', '/api/admin/video-stats']

describe('who may read the analytics', () => {
  it('visitor 401, member 403, moderator 403, admin 200', async () => {
    const member = await registerMember(baseUrl)
    const moderator = await registerMember(baseUrl)
    const admin = await signedInAdmin()
    expect((await admin.patch(`/cms/api/users/${moderator.user.id}`, { isModerator: true })).status).toBe(200)
    expect((await moderator.client.get('/api/auth/me')).body).toMatchObject({ isModerator: true })
    for (const path of ENDPOINTS) {
      const visitor = await new ApiClient(baseUrl).get(path)
      expect(visitor.status, path).toBe(401)
      expect(visitor.body.error).toBe('Please sign in as an admin.')
      expect((await member.client.get(path)).status, path).toBe(403)
      const asModerator = await moderator.client.get(path)
      expect(asModerator.status, path).toBe(403)
      expect(asModerator.body.error).toBe('Only admins can see analytics.')
      const ok = await admin.get(path)
      expect(ok.status, path).toBe(200)
      expect(ok.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('a range it cannot read is a 400 with the reason', async () => {
    const admin = await signedInAdmin()
    const cases: [string, string][] = [
      ['days=0', 'days must be a whole number from 1 to 366'],
      ['days=abc', 'days must be a whole number from 1 to 366'],
      ['days=400', 'days must be a whole number from 1 to 366'],
      ['from=2026-01-01', 'from and to go together: give both, or neither'],
      ['from=2026-02-30&to=2026-03-01', 'from and to must be dates written YYYY-MM-DD'],
      ['from=2026-03-02&to=2026-03-01', 'from must not be after to'],
      ['from=2024-01-01&to=2025-06-01', 'A range may span at most 366 days'],
      ['days=7&from=2026-03-01&to=2026-03-02', 'Give either days or from and to, not both'],
    ]
    for (const [query, error] of cases) {
      const res = await admin.get(`/api/admin/analytics?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.body.error, query).toBe(error)
    }
  })
})

describe('the analytics collections in /cms', () => {
  it('admins read them; nobody writes them over REST; members and visitors see nothing', async () => {
    const admin = await signedInAdmin()
    const { client: member } = await registerMember(baseUrl)
    for (const slug of ['page-views', 'user-sessions', 'video-analytics', 'analytics-daily']) {
      expect((await admin.get(`/cms/api/${slug}?limit=1`)).status, slug).toBe(200)
      expect((await admin.post(`/cms/api/${slug}`, { sessionId: 'x', path: '/', timestamp: new Date().toISOString() })).status, slug).toBe(403)
      expect((await member.get(`/cms/api/${slug}?limit=1`)).status, slug).toBe(403)
      expect((await new ApiClient(baseUrl).get(`/cms/api/${slug}?limit=1`)).status, slug).toBe(403)
    }
  })
})

describe('GET /api/admin/analytics numbers', () => {
  it('adds daily totals and raw rows day by day, with sign-ups, new Premium, money received and the top lists', async () => {
    const admin = await signedInAdmin()
    const tag = newTag()
    // Three New York days far enough back that nothing else in the suite lands on them.
    const [d1, d2, d3] = ['2021-03-01', '2021-03-02', '2021-03-03']
    const noon = (day: string, minutes = 0) => new Date(Date.parse(`${day}T17:00:00Z`) + minutes * 60_000).toISOString()
    const [v1, v2] = videos.filter((v) => !v.isPremium)
    const [p1] = posts.filter((p) => p.status === 'published')
    const s = (n: number) => `ep-${tag}-${n}`

    // Sign-ups on d2 (2) and d3 (1); two PayPal activations on d2 and a renewal on d3. Written
    // before the page views: should the analytics job total those days meanwhile, it counts them too.
    const joined = [await registerMember(baseUrl), await registerMember(baseUrl), await registerMember(baseUrl)]
    for (const [i, day] of [d2, d2, d3].entries()) await sql('update users set created_at = $1 where id = $2', [noon(day, 10), joined[i]!.user.id])
    const pay = (ref: string, kind: string, cents: number, at: string) =>
      sql(`insert into payments (reference, kind, amount_cents, currency, paid_at, paypal_subscription_id, user_id) values ($1, $2, $3, 'USD', $4, $5, $6)`, [
        `${ref}-${tag}`,
        kind,
        cents,
        at,
        `I-${tag}`,
        joined[0]!.user.id,
      ])
    await pay('activation:a', 'activation', 499, noon(d2, 20))
    await pay('activation:b', 'activation', 499, noon(d2, 21))
    await pay('sale:c', 'renewal', 499, noon(d3, 5))
    // d1 is already totalled (as the job would have left it); its raw rows must not count again.
    // d2 and d3 are raw: d2 has 4 views in 2 visits (one signed in), d3 has 1.
    const member = await registerMember(baseUrl)
    const view = (session: string, path: string, at: string, userId: number | null = null) => ({
      text: `insert into page_views (session_id, user_id, path, user_agent, "timestamp") values ($1, $2, $3, $4, $5)`,
      values: [session, userId, path, browserAgent(tag), at],
    })
    await inOneTransaction([
      {
        text: `insert into analytics_daily (day, kind, key, views, sessions, signed_in_sessions, time_on_page, watch_time, completions, sign_ups, new_premium) values
          ($1, 'site', '', 10, 6, 1, 0, 0, 0, 4, 1), ($1, 'page', $2, 7, 5, 1, 0, 0, 0, 0, 0), ($1, 'page', $3, 2, 2, 0, 300, 0, 0, 0, 0), ($1, 'video', $4, 0, 2, 1, 0, 600, 1, 0, 0)`,
        values: [d1, `/video/${v1!.videoId}`, `/post/${p1!.slug}`, v1!.videoId],
      },
      view(s(9), `/video/${v1!.videoId}`, noon(d1)), // already in d1's totals
      view(s(1), `/video/${v2!.videoId}`, noon(d2)),
      view(s(1), `/video/${v2!.videoId}`, noon(d2, 1)),
      view(s(1), `/post/${p1!.slug}`, noon(d2, 2)),
      view(s(2), `/video/${v1!.videoId}`, noon(d2, 3), member.user.id),
      view(s(3), '/blog', noon(d3)),
      // The visits, as the recorder writes them beside the page views.
      ...[
        [s(1), null, noon(d2), 3],
        [s(2), member.user.id, noon(d2, 3), 1],
        [s(3), null, noon(d3), 1],
      ].map(([session, userId, at, views]) => ({
        text: `insert into user_sessions (session_id, user_id, is_authenticated, is_premium, start_time, end_time, total_page_views, total_duration) values ($1, $2, $3, false, $4, $4, $5, 0)`,
        values: [session, userId, userId !== null, at, views],
      })),
      {
        text: `insert into video_analytics (video_id, session_id, user_id, watch_time, completed, "timestamp") values ($1, $2, $3, 900, true, $4)`,
        values: [v2!.videoId, s(2), member.user.id, noon(d2, 4)],
      },
    ])

    const [{ all }] = (await sql(`select coalesce(sum(amount_cents), 0)::int as all from payments`)) as [{ all: number }]

    const res = await admin.get(`/api/admin/analytics?from=${d1}&to=${d3}`)
    expect(res.status).toBe(200)
    const body = res.body
    expect(body.range).toEqual({ from: d1, to: d3, days: 3, timeZone: 'America/New_York' })
    expect(body.series).toEqual([
      { date: d1, pageViews: 10, sessions: 6, signUps: 4, newPremium: 1 },
      { date: d2, pageViews: 4, sessions: 2, signUps: 2, newPremium: 2 },
      { date: d3, pageViews: 1, sessions: 1, signUps: 1, newPremium: 0 },
    ])
    expect(body.totals).toEqual({ pageViews: 15, sessions: 9, signedInSessions: 2, signUps: 7, newPremium: 3, watchTimeSeconds: 1500, completions: 2, receivedCents: 1497 })
    expect(body.receivedAllTimeCents).toBe(all)
    expect(body.topVideos.byViews).toEqual([
      { videoId: v1!.videoId, title: v1!.title, views: 8, watchTimeSeconds: 600, completions: 1 },
      { videoId: v2!.videoId, title: v2!.title, views: 2, watchTimeSeconds: 900, completions: 1 },
    ])
    expect(body.topVideos.byWatchTime.map((v: { videoId: string }) => v.videoId)).toEqual([v2!.videoId, v1!.videoId])
    // p1: 2 views on d1 (300 s) + 1 raw view on d2 (its time on page is filled in by the job later).
    expect(body.topPosts.byViews).toEqual([{ slug: p1!.slug, title: p1!.title, views: 3, timeOnPageSeconds: 300 }])
    expect(body.topPosts.byTimeOnPage).toEqual(body.topPosts.byViews)

    // ?days=N ends today; the default is 30 days.
    const week = await admin.get('/api/admin/analytics?days=7')
    expect(week.body.series).toHaveLength(7)
    expect(week.body.range.days).toBe(7)
    expect((await admin.get('/api/admin/analytics')).body.series).toHaveLength(30)
  })
})

describe('GET /api/admin/user-count and /api/admin/video-stats', () => {
  it('counts members by the premium gate’s rule, and active members by their signed-in visits', async () => {
    const admin = await signedInAdmin()
    const before = (await admin.get('/api/admin/user-count')).body
    expect(Object.keys(before).sort()).toEqual(['activeUsers', 'adminUsers', 'premiumUsers', 'totalUsers', 'verifiedUsers'])

    const [current, lapsed, verified, idle] = [await registerMember(baseUrl), await registerMember(baseUrl), await registerMember(baseUrl), await registerMember(baseUrl)]
    await sql(`update users set is_premium = true, premium_expires_at = now() + interval '20 days' where id = $1`, [current.user.id])
    // Lapsed Premium (the flag still set, its end passed) is not Premium: the gate's userHasPremium.
    await sql(`update users set is_premium = true, premium_expires_at = now() - interval '1 day' where id = $1`, [lapsed.user.id])
    await sql('update users set is_verified = true where id = $1', [verified.user.id])
    void idle
    // Two of them read a page signed in: they are active.
    const tag = newTag()
    for (const m of [current, verified]) expect((await m.client.request('GET', '/categories', undefined, { 'user-agent': browserAgent(tag) })).status).toBe(200)
    await until('two signed-in visits', async () =>
      (await sql('select 1 from user_sessions where user_id = any($1)', [[current.user.id, verified.user.id]])).length === 2 ? true : undefined,
    )

    const after = (await admin.get('/api/admin/user-count')).body
    expect(after).toEqual({
      totalUsers: before.totalUsers + 4,
      premiumUsers: before.premiumUsers + 1,
      verifiedUsers: before.verifiedUsers + 1,
      adminUsers: before.adminUsers,
      activeUsers: before.activeUsers + 2,
    })
    const [db] = await sql(`select count(*)::int as total, count(*) filter (where is_admin)::int as admins from users`)
    expect({ totalUsers: after.totalUsers, adminUsers: after.adminUsers }).toEqual({ totalUsers: db!.total, adminUsers: db!.admins })
  })

  it('video stats are every video and the sum of their view counts', async () => {
    const admin = await signedInAdmin()
    const [db] = await sql(`select count(*)::int as total, coalesce(sum(view_count), 0)::int as views, (select count(*)::int from video_views) as site from videos`)
    expect((await admin.get('/api/admin/video-stats')).body).toEqual({ totalVideos: db!.total, totalViews: db!.views, siteViews: db!.site, importedViews: db!.views - db!.site })
    expect(db!.total).toBe(videos.length)
  })
})
