// Analytics the creator acts on: short clips completed, where visitors come from and on what
// device, one video's or post's days and retention curve, who is on the site right now, and the
// site's own video views kept apart from YouTube's imported counts.
import { describe, expect, it } from 'vitest'

import { posts } from '../../cms/seed/fixtures/posts'
import { videos } from '../../cms/seed/fixtures/videos'
import { ApiClient, registerMember } from '../helpers/api-client'
import { baseUrl, inOneTransaction, newNetwork, newTag, runAnalyticsJobNow, signedInAdmin, until } from './analytics-helpers'
import { sql } from './sql'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const ALL_TWENTIETHS = 2 ** 20 - 1

describe('recording where a visitor came from and on what', () => {
  it('keeps the referring host and the device type; the user agent itself is not kept', async () => {
    const network = newNetwork()
    const visitor = new ApiClient(baseUrl, network.address())
    expect((await visitor.request('GET', '/blog', undefined, { 'user-agent': IPHONE, referer: 'https://www.Google.com/search?q=private+words' })).status).toBe(200)
    const [row] = await until('the page view', async () => {
      const rows = await sql(`select referrer, referrer_host, device, user_agent from page_views where ip_address = $1`, [network.range])
      return rows.length ? rows : undefined
    })
    expect(row).toEqual({ referrer: 'https://www.google.com/search', referrer_host: 'google.com', device: 'mobile', user_agent: 'Safari' })
  })
})

describe('completion of short clips', () => {
  /** Beats as the player sends them: at the start, then at the end once the clip has played. */
  async function playThrough(videoId: string, seconds: number, playerDuration?: number) {
    const { client, user } = await registerMember(baseUrl)
    const length = playerDuration ? { duration: playerDuration } : {}
    expect((await client.post(`/api/videos/${videoId}/progress`, { position: 0, ...length })).status).toBe(200)
    // As if the clip had played for its length since that beat.
    await sql(`update video_progress set last_beat_at = last_beat_at - interval '${seconds} seconds' where user_id = $1`, [user.id])
    expect((await client.post(`/api/videos/${videoId}/progress`, { position: seconds, ...length })).status).toBe(200)
    const rows = await sql(`select watch_time, completed, reached::int as reached from video_analytics where user_id = $1 and video_id = $2`, [user.id, videoId])
    return rows
  }

  it('a 6 s video played to its end is one completion, and its page shows it', async () => {
    const admin = await signedInAdmin()
    const videoId = `clip6_${newTag()}`
    const created = await admin.post('/cms/api/videos', { videoId, title: `Six seconds ${videoId}`, duration: 'PT6S', source: 'youtube', publishedAt: new Date(Date.now() - 60_000).toISOString() })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    try {
      expect(await playThrough(videoId, 6, 6)).toEqual([{ watch_time: '6', completed: true, reached: ALL_TWENTIETHS }])

      const page = await admin.get(`/api/admin/analytics/video/${videoId}?days=1`)
      expect(page.status).toBe(200)
      expect(page.body.totals).toMatchObject({ viewers: 1, watchTimeSeconds: 6, completions: 1, completionRate: 1 })
      expect(page.body.retention).toHaveLength(20)
      expect(page.body.retention.every((point: { share: number }) => point.share === 1)).toBe(true)
    } finally {
      // The newest video on the site otherwise: the suites after this one expect the seeded lists.
      expect((await admin.request('DELETE', `/cms/api/videos/${created.body.doc.id}`)).status).toBe(200)
    }
  })

  it('a demo clip shorter than its listed length completes when its file was played to the end', async () => {
    // The seeded self-hosted videos are listed at their full length but play a 6 s clip.
    const demo = videos.find((v) => v.source === 'manual' && !v.isPremium && !v.isUncut)!
    expect(await playThrough(demo.videoId, 6, 6)).toEqual([{ watch_time: '6', completed: true, reached: ALL_TWENTIETHS }])
    // Without the player's length, 6 s of an 80-minute listing is not a completion.
    expect(await playThrough(demo.videoId, 6)).toEqual([{ watch_time: '6', completed: false, reached: 1 }])
  })
})

describe('traffic sources, devices and one item’s page', () => {
  it('classifies referrers, counts devices, and shows a video’s days and retention, totalled or raw alike', async () => {
    const admin = await signedInAdmin()
    const tag = newTag()
    const [d1, d2] = ['2021-06-01', '2021-06-02']
    const at = (day: string, minutes = 0) => new Date(Date.parse(`${day}T16:00:00Z`) + minutes * 60_000).toISOString()
    const video = videos.find((v) => !v.isPremium && !v.isUncut && v.source !== 'manual')!
    const post = posts.find((p) => p.status === 'published')!
    const s = (n: number) => `src-${tag}-${n}`
    const view = (session: string, path: string, when: string, host: string | null, device: string | null, referrer: string | null = host ? `https://${host}/` : null) => ({
      text: `insert into page_views (session_id, path, user_agent, referrer, referrer_host, device, "timestamp") values ($1, $2, 'Chrome', $3, $4, $5, $6)`,
      values: [session, path, referrer, host, device, when],
    })
    const watch = (session: string, when: string, seconds: number, completed: boolean, reached: number) => ({
      text: `insert into video_analytics (video_id, session_id, watch_time, completed, reached, "timestamp") values ($1, $2, $3, $4, $5, $6)`,
      values: [video.videoId, session, seconds, completed, reached, when],
    })
    const visit = (session: string, when: string) => ({
      text: `insert into user_sessions (session_id, is_authenticated, is_premium, start_time, end_time, total_page_views, total_duration) values ($1, false, false, $2, $2, 1, 0)`,
      values: [session, when],
    })
    const videoPath = `/video/${video.videoId}`

    // d1: a phone from Google that goes on to a post (internal), a desktop typing the address, a tablet from X's t.co.
    await inOneTransaction([
      view(s(1), videoPath, at(d1), 'google.com', 'mobile'),
      view(s(1), `/post/${post.slug}`, at(d1, 1), 'localhost', 'mobile'),
      view(s(2), videoPath, at(d1, 2), null, 'desktop'),
      view(s(3), videoPath, at(d1, 3), 't.co', 'tablet'),
      watch(s(1), at(d1, 1), 6, true, ALL_TWENTIETHS),
      watch(s(2), at(d1, 3), 3, false, 2 ** 10 - 1),
      ...[1, 2, 3].map((n) => visit(s(n), at(d1, n))),
    ])
    // The job totals d1 (it is long over) and, being past retention, deletes its raw rows.
    await runAnalyticsJobNow(admin)
    const totals = await sql(`select kind::text as kind, key, views, sessions, retention from analytics_daily where day = $1 and kind in ('referrer', 'device') order by kind, key`, [d1])
    expect(totals).toEqual(
      expect.arrayContaining([
        { kind: 'device', key: 'mobile', views: '2', sessions: '1', retention: null },
        { kind: 'referrer', key: '', views: '1', sessions: '1', retention: null },
        { kind: 'referrer', key: 't.co', views: '1', sessions: '1', retention: null },
      ]),
    )
    const [videoDay] = await sql(`select watch_time, completions, sessions, retention from analytics_daily where day = $1 and kind = 'video' and key = $2`, [d1, video.videoId])
    expect(videoDay).toEqual({ watch_time: '9', completions: '1', sessions: '2', retention: [...Array(10).fill(2), ...Array(10).fill(1)] })

    // d2, raw: another site, and a row recorded before hosts and devices were stored (host read from its referrer).
    await inOneTransaction([
      view(s(4), videoPath, at(d2), 'news.ycombinator.com', 'desktop'),
      view(s(5), videoPath, at(d2, 1), null, null, 'https://www.google.com/search'),
      watch(s(4), at(d2, 1), 2, false, 2 ** 5 - 1),
      visit(s(4), at(d2)),
      visit(s(5), at(d2, 1)),
    ])

    const summary = await admin.get(`/api/admin/analytics?from=${d1}&to=${d2}`)
    expect(summary.status).toBe(200)
    expect(summary.body.sources).toEqual([
      { source: 'internal', views: 1, visits: 1 },
      { source: 'search', views: 2, visits: 2 },
      { source: 'social', views: 1, visits: 1 },
      { source: 'direct', views: 1, visits: 1 },
      { source: 'other', views: 1, visits: 1 },
    ])
    expect(summary.body.topReferrers).toEqual([
      { host: 'google.com', source: 'search', views: 2, visits: 2 },
      { host: 'news.ycombinator.com', source: 'other', views: 1, visits: 1 },
      { host: 't.co', source: 'social', views: 1, visits: 1 },
    ])
    expect(summary.body.devices).toEqual([
      { device: 'desktop', views: 2, visits: 2 },
      { device: 'mobile', views: 2, visits: 1 },
      { device: 'tablet', views: 1, visits: 1 },
    ])

    const item = await admin.get(`/api/admin/analytics/video/${video.videoId}?from=${d1}&to=${d2}`)
    expect(item.status).toBe(200)
    expect(item.body).toMatchObject({ kind: 'video', id: video.videoId, title: video.title, path: videoPath })
    // s(1)'s video page lasted until its next page a minute later (filled in by the job).
    expect(item.body.series).toEqual([
      { date: d1, views: 3, watchTimeSeconds: 9, completions: 1, timeOnPageSeconds: 60 },
      { date: d2, views: 2, watchTimeSeconds: 2, completions: 0, timeOnPageSeconds: 0 },
    ])
    expect(item.body.totals).toEqual({ views: 5, viewers: 3, watchTimeSeconds: 11, completions: 1, completionRate: 1 / 3, timeOnPageSeconds: 60 })
    const shares = item.body.retention.map((p: { percent: number; share: number }) => [p.percent, Number(p.share.toFixed(3))])
    expect(shares).toEqual(Array.from({ length: 20 }, (_, i) => [i * 5, i < 5 ? 1 : i < 10 ? 0.667 : 0.333]))
    expect(typeof item.body.youtubeViews).toBe('number')

    const postPage = await admin.get(`/api/admin/analytics/post/${post.slug}?from=${d1}&to=${d2}`)
    expect(postPage.status).toBe(200)
    expect(postPage.body).toMatchObject({ kind: 'post', title: post.title, retention: [], youtubeViews: null })
    expect(postPage.body.totals.views).toBe(1)
  })

  it('an unknown item is a 404, a bad one a 400; visitors and members are refused', async () => {
    const admin = await signedInAdmin()
    expect((await admin.get('/api/admin/analytics/video/no_such_video_here')).body).toEqual({ error: 'There is no video with that id.' })
    expect((await admin.get('/api/admin/analytics/video/no_such_video_here')).status).toBe(404)
    expect((await admin.get('/api/admin/analytics/post/no-such-post-here')).status).toBe(404)
    expect((await admin.get('/api/admin/analytics/page/x')).status).toBe(400)
    expect((await admin.get(`/api/admin/analytics/video/${videos[0]!.videoId}?days=0`)).status).toBe(400)
    const { client: member } = await registerMember(baseUrl)
    for (const path of [`/api/admin/analytics/video/${videos[0]!.videoId}`, '/api/admin/analytics/realtime']) {
      expect((await new ApiClient(baseUrl).get(path)).status, path).toBe(401)
      expect((await member.get(path)).status, path).toBe(403)
    }
  })
})

describe('who is on the site right now', () => {
  it('counts visitors of the last 5 minutes and the pages they read; older views are not counted', async () => {
    const admin = await signedInAdmin()
    const tag = newTag()
    const recent = `/realtime-${tag}`
    const earlier = `/realtime-earlier-${tag}`
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
    const row = (session: string, path: string, when: string) => ({
      text: `insert into page_views (session_id, path, user_agent, "timestamp") values ($1, $2, 'Chrome', $3)`,
      values: [session, path, when],
    })
    await inOneTransaction([
      ...[1, 2, 3, 4].map((n) => row(`rt-${tag}-${n}`, recent, ago(1))),
      row(`rt-${tag}-1`, recent, ago(2)),
      row(`rt-${tag}-9`, earlier, ago(6)),
    ])
    const res = await admin.get('/api/admin/analytics/realtime')
    expect(res.status).toBe(200)
    expect(res.body.windowMinutes).toBe(5)
    expect(res.body.activeVisitors).toBeGreaterThanOrEqual(4)
    expect(res.body.pages).toContainEqual({ path: recent, visitors: 4, views: 5 })
    expect(res.body.pages.map((p: { path: string }) => p.path)).not.toContain(earlier)
  })
})

describe('video views: the site’s own apart from YouTube’s', () => {
  it('video stats keep the spec’s total and split it into views counted here and imported ones', async () => {
    const admin = await signedInAdmin()
    const res = await admin.get('/api/admin/video-stats')
    expect(res.status).toBe(200)
    const { totalViews, siteViews, importedViews } = res.body
    expect(siteViews + importedViews).toBe(totalViews)
    const [{ counted }] = (await sql(`select count(*)::int as counted from video_views`)) as [{ counted: number }]
    expect(siteViews).toBeLessThanOrEqual(counted)
    // The seeded catalogue brings YouTube's counts: far more than the site has counted.
    expect(importedViews).toBeGreaterThan(siteViews)
  })
})
