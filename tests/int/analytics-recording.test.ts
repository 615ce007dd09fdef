// Analytics: the site records page views itself (cached pages too, bots and the API
// Never), visits per browser-day, members' watch time from the player's beats, and the job that
// folds old raw rows into daily totals exactly once.
import { describe, expect, it } from 'vitest'

import { videos } from '../../cms/seed/fixtures/videos'
import { ApiClient, registerMember } from '../helpers/api-client'
import { baseUrl, browserAgent, FIREFOX, inOneTransaction, newNetwork, newTag, runAnalyticsJobNow, signedInAdmin, until } from './analytics-helpers'
import { sql } from './sql'

type ViewRow = { path: string; session_id: string; user_id: number | null; ip_address: string | null; user_agent: string; referrer: string | null }

const columns = 'path, session_id, user_id, ip_address, user_agent, referrer'
/** A test's own page views: each test browses from a network of its own (newNetwork). */
const viewsFrom = (range: string) => sql<ViewRow>(`select ${columns} from page_views where ip_address = $1 order by id`, [range])

/** Waits for `count` page views from this network, then a little longer to be sure no more arrive. */
async function settledViews(range: string, count: number) {
  await until(`${count} page views from ${range}`, async () => ((await viewsFrom(range)).length >= count ? true : undefined))
  await new Promise((resolve) => setTimeout(resolve, 2500))
  return viewsFrom(range)
}

describe('page views recorded by the server', () => {
  it('counts a cached page like a rendered one, and skips bots, the API, files, errors and prefetches', async () => {
    const tag = newTag()
    const network = newNetwork()
    const visitor = new ApiClient(baseUrl, network.address())
    const as = (agent: string, extra: Record<string, string> = {}) => ({ 'user-agent': agent, ...extra })
    const first = await visitor.request('GET', '/blog', undefined, as(browserAgent(tag), { referer: 'https://search.example/results?q=private+words' }))
    expect(first.status).toBe(200)
    const second = await visitor.request('GET', '/blog', undefined, as(browserAgent(tag)))
    expect(second.status).toBe(200)
    expect(second.headers.get('x-page-cache')).toBe('hit')

    // None of these is a person reading a page.
    expect((await visitor.request('GET', '/blog', undefined, as(`Mozilla/5.0 (compatible; Googlebot/2.1) analytics-test/${tag}`))).status).toBe(200)
    expect((await visitor.request('GET', '/blog', undefined, as(`Mozilla/5.0 HeadlessChrome/131.0 analytics-test/${tag}`))).status).toBe(200)
    expect((await visitor.request('GET', '/api/videos?limit=1', undefined, as(browserAgent(tag)))).status).toBe(200)
    expect((await visitor.request('GET', '/robots.txt', undefined, as(browserAgent(tag)))).status).toBe(200)
    expect((await visitor.request('GET', `/no-such-page-${tag}`, undefined, as(browserAgent(tag)))).status).toBe(404)
    expect((await visitor.request('GET', '/', undefined, as(browserAgent(tag), { 'sec-purpose': 'prefetch' }))).status).toBe(200)

    const rows = await settledViews(network.range, 2)
    expect(rows.map((r) => r.path)).toEqual(['/blog', '/blog'])
    // The address cut to its /48, the referrer without its query string, the browser's family
    // rather than its user agent, one visit for both.
    expect(rows[0]).toMatchObject({ ip_address: network.range, referrer: 'https://search.example/results', user_id: null, user_agent: 'Chrome' })
    expect(rows[1]!.user_agent).toBe('Chrome')
    expect(rows[0]!.session_id).toMatch(/^[0-9a-f]{32}$/)
    expect(rows[1]!.session_id).toBe(rows[0]!.session_id)
    const [visit] = await sql(`select total_page_views, is_authenticated, is_premium, user_id from user_sessions where session_id = $1`, [rows[0]!.session_id])
    expect(visit).toMatchObject({ total_page_views: '2', is_authenticated: false, is_premium: false, user_id: null })
  })

  it('an IPv4 client is stored with its last number 0; another browser on that network is another visit', async () => {
    const tag = newTag()
    const network = newNetwork('v4')
    const a = new ApiClient(baseUrl, network.address())
    await a.request('GET', '/categories', undefined, { 'user-agent': browserAgent(tag) })
    await a.request('GET', '/categories', undefined, { 'user-agent': FIREFOX })
    const rows = await settledViews(network.range, 2)
    expect(rows.map((r) => r.ip_address)).toEqual([network.range, network.range])
    expect(rows.map((r) => r.user_agent)).toEqual(['Chrome', 'Firefox'])
    expect(rows[0]!.session_id).not.toBe(rows[1]!.session_id)
  })

  it('a signed-in member’s pages carry their account; the visit is marked signed in', async () => {
    const tag = newTag()
    const { client, user } = await registerMember(baseUrl)
    expect((await client.request('GET', '/vlog', undefined, { 'user-agent': browserAgent(tag) })).status).toBe(200)
    const byMember = () => sql<ViewRow>(`select ${columns} from page_views where user_id = $1 order by id`, [user.id])
    await until('the member’s page view', async () => ((await byMember()).length ? true : undefined))
    const rows = await byMember()
    expect(rows).toMatchObject([{ path: '/vlog', user_id: user.id, user_agent: 'Chrome' }])
    const [visit] = await sql(`select is_authenticated, is_premium, user_id from user_sessions where session_id = $1`, [rows[0]!.session_id])
    expect(visit).toMatchObject({ is_authenticated: true, is_premium: false, user_id: user.id })
  })
})

describe('how much one client can record', () => {
  it('200 loads of one page from one address are at most 3 page views a minute; every load is still served', async () => {
    const network = newNetwork()
    const client = new ApiClient(baseUrl, network.address())
    const statuses: number[] = []
    for (let round = 0; round < 10; round++) {
      const loads = Array.from({ length: 20 }, () => client.request('GET', '/blog', undefined, { 'user-agent': browserAgent(newTag()) }))
      statuses.push(...(await Promise.all(loads)).map((r) => r.status))
    }
    expect(statuses).toEqual(Array(200).fill(200))
    const rows = await settledViews(network.range, 3)
    expect(rows).toHaveLength(3)
    expect(rows.every((r) => r.path === '/blog' && r.user_agent === 'Chrome')).toBe(true)
    // Another address of the same /48 is the same client.
    await new ApiClient(baseUrl, network.address('ffff::9')).request('GET', '/blog', undefined, { 'user-agent': FIREFOX })
    expect(await settledViews(network.range, 3)).toHaveLength(3)
  })

  it('made-up query strings and trailing slashes are the same path; varying real paths stops at 30 a minute', async () => {
    const network = newNetwork()
    const client = new ApiClient(baseUrl, network.address())
    const load = (path: string) => client.request('GET', path, undefined, { 'user-agent': browserAgent('q') })
    const spelled = await Promise.all(Array.from({ length: 60 }, (_, i) => load(i % 2 ? `/vlog?a=${i}` : `/vlog/?utm=${i}&b=${'x'.repeat(i)}`)))
    expect(spelled.every((r) => r.status === 200)).toBe(true)
    const rows = await settledViews(network.range, 3)
    expect(rows.map((r) => r.path)).toEqual(['/vlog', '/vlog', '/vlog'])

    // Every real page a visitor can open, four loads each.
    const pages = ['/', '/blog', '/categories', '/leaderboard', '/premium', '/merch', ...videos.map((v) => `/video/${v.videoId}`)]
    const served = new Set<string>()
    for (const path of pages) {
      const answers = await Promise.all(Array.from({ length: 4 }, () => load(path)))
      if (answers.every((r) => r.status === 200 && String(r.headers.get('content-type')).startsWith('text/html'))) served.add(path)
    }
    // Enough real pages that 3 of each would be more than 30 (with the 3 of /vlog above).
    expect(served.size).toBeGreaterThanOrEqual(10)
    const all = await settledViews(network.range, 30)
    expect(all).toHaveLength(30)
    expect(new Set(all.map((r) => r.path)).size).toBeGreaterThan(5)
  })
})

describe('video watch time from the player’s beats', () => {
  const short = videos.find((v) => v.duration === 'PT45S')!

  it('adds each beat’s real coverage and marks the visit that crossed 80 %; a seek adds nothing', async () => {
    const { client, user } = await registerMember(baseUrl)
    const beat = (position: number) => client.post(`/api/videos/${short.videoId}/progress`, { position })
    /** Moves the member's last beat back, as if `seconds` had passed. */
    const wait = (seconds: number) => sql(`update video_progress set last_beat_at = last_beat_at - interval '${seconds} seconds' where user_id = $1`, [user.id])
    expect((await beat(0)).status).toBe(200)
    expect((await beat(45)).body.coveredSeconds).toBe(0)
    expect(await sql('select 1 from video_analytics where user_id = $1', [user.id])).toEqual([])

    await beat(0)
    for (const position of [10, 20]) {
      await wait(10)
      await beat(position)
    }
    const [midway] = await sql(`select video_id, watch_time, completed, session_id from video_analytics where user_id = $1`, [user.id])
    expect(midway).toMatchObject({ video_id: short.videoId, watch_time: '20', completed: false })
    for (const position of [30, 40]) {
      await wait(10)
      await beat(position)
    }
    const rows = await sql(`select watch_time, completed, session_id from video_analytics where user_id = $1`, [user.id])
    expect(rows).toEqual([{ watch_time: '40', completed: true, session_id: midway!.session_id }])
  })
})

describe('the analytics job', () => {
  it('turns raw rows older than the retention period into daily totals, exactly once', async () => {
    const admin = await signedInAdmin()
    const day = '2020-06-10'
    const tag = newTag()
    // 14:00 New York (EDT, UTC-4) on that day; five page views in three visits, two watches.
    const at = (minutes: number) => new Date(Date.parse(`${day}T18:00:00Z`) + minutes * 60_000).toISOString()
    const s = (n: number) => `job-${tag}-${n}`
    const views: [string, string, number][] = [
      [s(1), '/', 0],
      [s(1), `/job-${tag}`, 1], // 60 s after the visit's first page
      [s(2), `/job-${tag}`, 5],
      [s(3), `/job-${tag}`, 7],
      [s(3), '/', 50], // 43 minutes later: the reader had left (no time on page)
    ]
    // One member joined that day (the site row counts sign-ups too).
    const joined = await registerMember(baseUrl)
    await sql('update users set created_at = $1 where id = $2', [at(3), joined.user.id])
    await inOneTransaction([
      ...views.map(([session, path, minutes]) => ({
        text: `insert into page_views (session_id, path, user_agent, ip_address, "timestamp") values ($1, $2, $3, '203.0.113.0', $4)`,
        values: [session, path, browserAgent(tag), at(minutes)],
      })),
      ...[1, 2, 3].map((n) => ({
        text: `insert into user_sessions (session_id, is_authenticated, is_premium, start_time, end_time, total_page_views, total_duration) values ($1, false, false, $2, $2, 1, 0)`,
        values: [s(n), at(0)],
      })),
      { text: `insert into video_analytics (video_id, session_id, watch_time, completed, "timestamp") values ($1, $2, 30, false, $3), ($1, $4, 50, true, $3)`, values: [`job-${tag}`, s(1), at(2), s(2)] },
    ])

    await runAnalyticsJobNow(admin)
    const totals = () => sql(`select kind::text, key, views, sessions, time_on_page, watch_time, completions, sign_ups from analytics_daily where day = $1 and kind in ('site', 'page', 'video') and (key = '' or key like $2) order by kind, key`, [day, `%job-${tag}`])
    const expected = [
      { kind: 'page', key: `/job-${tag}`, views: '3', sessions: '3', time_on_page: '0', watch_time: '0', completions: '0', sign_ups: '0' },
      { kind: 'video', key: `job-${tag}`, views: '0', sessions: '2', time_on_page: '0', watch_time: '80', completions: '1', sign_ups: '0' },
    ]
    const after = await totals()
    expect(after).toEqual([
      ...expected.slice(0, 1),
      // The day's whole-site row (no other suite writes that day): 60 s on the first visit's first page, one sign-up.
      { kind: 'site', key: '', views: '5', sessions: '3', time_on_page: '60', watch_time: '0', completions: '0', sign_ups: '1' },
      ...expected.slice(1),
    ])
    // The raw rows are gone: that day is far past the retention period.
    expect(await sql(`select 1 from page_views where user_agent like $1`, [`%analytics-test/${tag}%`])).toEqual([])
    expect(await sql(`select 1 from video_analytics where video_id = $1`, [`job-${tag}`])).toEqual([])
    expect(await sql(`select 1 from user_sessions where session_id like $1`, [`job-${tag}-%`])).toEqual([])

    // Again: nothing doubles, nothing changes.
    await runAnalyticsJobNow(admin)
    expect(await totals()).toEqual(after)
    expect(await sql(`select count(*)::int as n from analytics_daily where day = $1 and kind = 'site'`, [day])).toEqual([{ n: 1 }])
  })
})
