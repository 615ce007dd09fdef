// The admin dashboard's reads: a finished day comes from its daily totals (analytics_daily), a
// day not yet totalled (today, and yesterday until the job has run) from the raw rows, so a
// year-long range reads a few thousand rows whatever the traffic.
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { SITE_TIME_ZONE } from '../../../shared/constants'
import { daysOf, resolveRange, type AnalyticsRangeQuery, type DayRange } from '../../../shared/schemas/analytics'
import { addDays, startOfDay, type DayString } from '../../../shared/time-zones'
import type { AnalyticsDay, AnalyticsSummary, TopPost, TopVideo, UserCounts, VideoStats } from '../../../shared/types/analytics'
import { poolDb, type Db } from '../db/transactions'
import { siteDay } from './session-id'

type SQL = ReturnType<typeof sql>

const tz = SITE_TIME_ZONE
/** Rows in each top list. */
export const TOP_LIST_SIZE = 10
/** activeUsers: members with a signed-in visit within this many days. */
export const ACTIVE_USER_DAYS = 30

const num = (value: unknown) => Number(value ?? 0) || 0
const instant = (day: DayString) => startOfDay(day, tz).toISOString()
/** `to_char(<timestamptz> at time zone <site zone>, 'YYYY-MM-DD')`: the site day of an instant. */
const dayOf = (column: SQL) => sql`to_char(${column} at time zone ${tz}, 'YYYY-MM-DD')`

/**
 * The days of `range` with no daily totals yet, as instant ranges (consecutive days merged):
 * `(col >= a and col < b) or …`, or `false` when every day is totalled.
 */
function rawDaysCondition(range: DayRange, rolled: ReadonlySet<DayString>): (column: SQL) => SQL {
  const runs: { from: DayString; to: DayString }[] = []
  for (const day of daysOf(range)) {
    if (rolled.has(day)) continue
    const last = runs.at(-1)
    if (last && addDays(last.to, 1) === day) last.to = day
    else runs.push({ from: day, to: day })
  }
  if (!runs.length) return () => sql`false`
  return (column) => sql`(${sql.join(runs.map((r) => sql`(${column} >= ${instant(r.from)}::timestamptz and ${column} < ${instant(addDays(r.to, 1))}::timestamptz)`), sql` or `)})`
}

async function rolledDaysIn(db: Db, range: DayRange): Promise<Set<DayString>> {
  const { rows } = await db.execute(sql`select day from analytics_daily where kind = 'site' and day >= ${range.from} and day <= ${range.to}`)
  return new Set(rows.map((r) => String(r.day)))
}

type Traffic = { day: string; views: number; sessions: number; signedIn: number }

async function trafficByDay(db: Db, range: DayRange, raw: (c: SQL) => SQL): Promise<Traffic[]> {
  const { rows } = await db.execute(sql`
    select day, sum(views) as views, sum(sessions) as sessions, sum(signed_in) as signed_in from (
      select day, views, sessions, signed_in_sessions as signed_in from analytics_daily
      where kind = 'site' and day >= ${range.from} and day <= ${range.to}
      union all
      select ${dayOf(sql`"timestamp"`)}, count(*), count(distinct session_id), count(distinct session_id) filter (where user_id is not null)
      from page_views where ${raw(sql`"timestamp"`)} group by 1
    ) t group by day`)
  return rows.map((r) => ({ day: String(r.day), views: num(r.views), sessions: num(r.sessions), signedIn: num(r.signed_in) }))
}

type PeopleRow = { what: 'signup' | 'premium' | 'cents'; day: string; n: number }

/** Sign-ups (users created), new Premium (PayPal activations) and money received, per site day; and all money ever received. */
async function peopleAndMoney(db: Db, range: DayRange): Promise<{ byDay: PeopleRow[]; allTimeCents: number }> {
  const start = instant(range.from)
  const end = instant(addDays(range.to, 1))
  const paidAt = sql`coalesce(paid_at, created_at)`
  const { rows } = await db.execute(sql`
    select 'signup' as what, ${dayOf(sql`created_at`)} as day, count(*) as n from users
      where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz group by 2
    union all
    select 'premium', ${dayOf(paidAt)}, count(*) from payments
      where kind = 'activation' and ${paidAt} >= ${start}::timestamptz and ${paidAt} < ${end}::timestamptz group by 2
    union all
    select 'cents', ${dayOf(paidAt)}, sum(amount_cents) from payments
      where ${paidAt} >= ${start}::timestamptz and ${paidAt} < ${end}::timestamptz group by 2
    union all
    select 'all', '', coalesce(sum(amount_cents), 0) from payments`)
  let allTimeCents = 0
  const byDay: PeopleRow[] = []
  for (const r of rows) {
    if (r.what === 'all') allTimeCents = num(r.n)
    else byDay.push({ what: r.what as PeopleRow['what'], day: String(r.day), n: num(r.n) })
  }
  return { byDay, allTimeCents }
}

type PageTotal = { path: string; views: number; secs: number }

/** Views and time on page of every video page and post page in the range. */
async function contentPages(db: Db, range: DayRange, raw: (c: SQL) => SQL): Promise<PageTotal[]> {
  const content = (column: SQL) => sql`(${column} like '/video/%' or ${column} like '/post/%')`
  const { rows } = await db.execute(sql`
    select path, sum(views) as views, sum(secs) as secs from (
      select key as path, views, time_on_page as secs from analytics_daily
      where kind = 'page' and day >= ${range.from} and day <= ${range.to} and ${content(sql`key`)}
      union all
      select path, 1, coalesce(duration, 0) from page_views where ${raw(sql`"timestamp"`)} and ${content(sql`path`)}
    ) t group by path`)
  return rows.map((r) => ({ path: String(r.path), views: num(r.views), secs: num(r.secs) }))
}

type WatchTotal = { videoId: string; watch: number; completions: number }

async function videoWatching(db: Db, range: DayRange, raw: (c: SQL) => SQL): Promise<WatchTotal[]> {
  const { rows } = await db.execute(sql`
    select video_id, sum(watch) as watch, sum(completions) as completions from (
      select key as video_id, watch_time as watch, completions from analytics_daily
      where kind = 'video' and day >= ${range.from} and day <= ${range.to}
      union all
      select video_id, watch_time, case when completed then 1 else 0 end from video_analytics where ${raw(sql`"timestamp"`)}
    ) t group by video_id`)
  return rows.map((r) => ({ videoId: String(r.video_id), watch: num(r.watch), completions: num(r.completions) }))
}

async function titles(db: Db, videoIds: string[], slugs: string[]) {
  const videos = new Map<string, string>()
  const posts = new Map<string, string>()
  if (!videoIds.length && !slugs.length) return { videos, posts }
  const { rows } = await db.execute(sql`
    select 'video' as kind, video_id as key, title from videos where video_id in (${sql.join([...videoIds, ''].map((id) => sql`${id}`), sql`, `)})
    union all
    select 'post', slug, title from posts where slug in (${sql.join([...slugs, ''].map((s) => sql`${s}`), sql`, `)})`)
  for (const r of rows) (r.kind === 'video' ? videos : posts).set(String(r.key), String(r.title ?? ''))
  return { videos, posts }
}

const top = <T>(items: T[], score: (item: T) => number, key: (item: T) => string) =>
  items
    .filter((item) => score(item) > 0)
    .sort((a, b) => score(b) - score(a) || key(a).localeCompare(key(b)))
    .slice(0, TOP_LIST_SIZE)

/** A path segment as the site wrote it: decoded when it can be. */
const segment = (path: string, prefix: string) => {
  const raw = path.slice(prefix.length)
  if (!raw || raw.includes('/')) return null
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/** GET /api/admin/analytics: totals, a per-day series and the top videos and posts of the range asked for (site days). */
export async function getAnalyticsSummary(payload: Payload, { query, now = new Date() }: { query: AnalyticsRangeQuery; now?: Date }): Promise<AnalyticsSummary> {
  const range = resolveRange(query, siteDay(now))
  const db = poolDb(payload)
  const raw = rawDaysCondition(range, await rolledDaysIn(db, range))
  const [traffic, people, pages, watching] = await Promise.all([
    trafficByDay(db, range, raw),
    peopleAndMoney(db, range),
    contentPages(db, range, raw),
    videoWatching(db, range, raw),
  ])

  const series = new Map<string, AnalyticsDay>(daysOf(range).map((date) => [date, { date, pageViews: 0, sessions: 0, signUps: 0, newPremium: 0 }]))
  let signedInSessions = 0
  for (const t of traffic) {
    const day = series.get(t.day)
    if (!day) continue
    day.pageViews += t.views
    day.sessions += t.sessions
    signedInSessions += t.signedIn
  }
  let receivedCents = 0
  for (const p of people.byDay) {
    const day = series.get(p.day)
    if (p.what === 'cents') receivedCents += p.n
    else if (day && p.what === 'signup') day.signUps += p.n
    else if (day) day.newPremium += p.n
  }

  const videos = new Map<string, Omit<TopVideo, 'title'>>()
  const posts: Omit<TopPost, 'title'>[] = []
  for (const page of pages) {
    const videoId = page.path.startsWith('/video/') ? segment(page.path, '/video/') : null
    const slug = page.path.startsWith('/post/') ? segment(page.path, '/post/') : null
    if (videoId) {
      const seen = videos.get(videoId)
      if (seen) seen.views += page.views
      else videos.set(videoId, { videoId, views: page.views, watchTimeSeconds: 0, completions: 0 })
    } else if (slug) posts.push({ slug, views: page.views, timeOnPageSeconds: page.secs })
  }
  for (const w of watching) {
    const v = videos.get(w.videoId) ?? { videoId: w.videoId, views: 0, watchTimeSeconds: 0, completions: 0 }
    v.watchTimeSeconds = w.watch
    v.completions = w.completions
    videos.set(w.videoId, v)
  }
  const videoList = [...videos.values()]
  const videosByViews = top(videoList, (v) => v.views, (v) => v.videoId)
  const videosByWatch = top(videoList, (v) => v.watchTimeSeconds, (v) => v.videoId)
  const postsByViews = top(posts, (p) => p.views, (p) => p.slug)
  const postsByTime = top(posts, (p) => p.timeOnPageSeconds, (p) => p.slug)
  const names = await titles(
    db,
    [...new Set([...videosByViews, ...videosByWatch].map((v) => v.videoId))],
    [...new Set([...postsByViews, ...postsByTime].map((p) => p.slug))],
  )
  const withVideoTitle = (v: Omit<TopVideo, 'title'>): TopVideo => ({ ...v, title: names.videos.get(v.videoId) ?? null })
  const withPostTitle = (p: Omit<TopPost, 'title'>): TopPost => ({ ...p, title: names.posts.get(p.slug) ?? null })

  const days = [...series.values()]
  const sum = (pick: (d: AnalyticsDay) => number) => days.reduce((total, d) => total + pick(d), 0)
  return {
    range: { ...range, timeZone: tz },
    totals: {
      pageViews: sum((d) => d.pageViews),
      sessions: sum((d) => d.sessions),
      signedInSessions,
      signUps: sum((d) => d.signUps),
      newPremium: sum((d) => d.newPremium),
      watchTimeSeconds: watching.reduce((total, w) => total + w.watch, 0),
      completions: watching.reduce((total, w) => total + w.completions, 0),
      receivedCents,
    },
    series: days,
    topVideos: { byViews: videosByViews.map(withVideoTitle), byWatchTime: videosByWatch.map(withVideoTitle) },
    topPosts: { byViews: postsByViews.map(withPostTitle), byTimeOnPage: postsByTime.map(withPostTitle) },
    receivedAllTimeCents: people.allTimeCents,
    generatedAt: now.toISOString(),
  }
}

/**
 * GET /api/admin/user-count. premiumUsers follows the premium gate's rule (userHasPremium in
 * cms/services/premium-gate/premium.ts): the flag is set and its end is absent or still ahead.
 * activeUsers: distinct members with a signed-in visit (user_sessions) in the last 30 days.
 */
export async function getUserCounts(payload: Payload, { now = new Date() }: { now?: Date } = {}): Promise<UserCounts> {
  const at = now.toISOString()
  const since = new Date(now.getTime() - ACTIVE_USER_DAYS * 86_400_000).toISOString()
  const { rows } = await poolDb(payload).execute(sql`
    select count(*) as total,
      count(*) filter (where is_premium and (premium_expires_at is null or premium_expires_at > ${at}::timestamptz)) as premium,
      count(*) filter (where is_verified) as verified,
      count(*) filter (where is_admin) as admins,
      (select count(distinct user_id) from user_sessions where start_time >= ${since}::timestamptz and user_id is not null) as active
    from users`)
  const r = rows[0] ?? {}
  return { activeUsers: num(r.active), totalUsers: num(r.total), premiumUsers: num(r.premium), verifiedUsers: num(r.verified), adminUsers: num(r.admins) }
}

/** GET /api/admin/video-stats: every video row (the admin's view: premium and early-access ones too) and their view counts. */
export async function getVideoStats(payload: Payload): Promise<VideoStats> {
  const { rows } = await poolDb(payload).execute(sql`select count(*) as total, coalesce(sum(view_count), 0) as views from videos`)
  return { totalVideos: num(rows[0]?.total), totalViews: num(rows[0]?.views) }
}
