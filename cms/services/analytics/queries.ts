// The admin dashboard's reads (terms in README.md): a totalled day comes from analytics_daily, a day
// not yet totalled (today; yesterday until the job has run) from the raw rows (summary-parts.ts).
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { classifyReferrer, DEVICE_TYPES, referrerHost, TRAFFIC_SOURCES, type DeviceType, type TrafficSource } from '../../../shared/analytics-sources'
import { daysOf, resolveRange, type AnalyticsRangeQuery, type DayRange } from '../../../shared/schemas/analytics'
import { addDays } from '../../../shared/time-zones'
import type {
  AnalyticsDay,
  AnalyticsSummary,
  DeviceFigures,
  ReferrerFigures,
  SourceFigures,
  TopPost,
  TopVideo,
  UserCounts,
  VideoStats,
} from '../../../shared/types/analytics'
import { poolDb, type Db } from '../db/transactions'
import { publicSiteUrl } from '../feeds/site-url'
import { siteTimeZone } from '../settings/time-zone'
import { siteDay } from './session-id'
import { sharedInFlight } from './single-flight'
import { instant, livePart, rawDaysOf, rolledDaysIn, rolledPart, type Part } from './summary-parts'

/** The site's days: the time-zone setting, read when a day is needed (a saved change applies from then on). */
const tz = (): string => siteTimeZone()
/** Rows in each top list. */
export const TOP_LIST_SIZE = 10
/** activeUsers: members with a signed-in visit within this many days. */
export const ACTIVE_USER_DAYS = 30

const num = (value: unknown) => Number(value ?? 0) || 0

/** Money received in the range (activations and renewals, by when PayPal took it) and ever, in cents. */
async function moneyReceived(db: Db, range: DayRange): Promise<{ inRange: number; allTime: number }> {
  const paidAt = sql`coalesce(paid_at, created_at)`
  const { rows } = await db.execute(sql`
    select coalesce(sum(amount_cents) filter (where ${paidAt} >= ${instant(range.from)}::timestamptz and ${paidAt} < ${instant(addDays(range.to, 1))}::timestamptz), 0) as in_range,
           coalesce(sum(amount_cents), 0) as all_time
    from payments`)
  return { inRange: num(rows[0]?.in_range), allTime: num(rows[0]?.all_time) }
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
export function getAnalyticsSummary(payload: Payload, { query, now = new Date() }: { query: AnalyticsRangeQuery; now?: Date }): Promise<AnalyticsSummary> {
  const range = resolveRange(query, siteDay(now))
  return sharedInFlight(`summary:${range.from}:${range.to}`, () => computeSummary(payload, range, now))
}

async function computeSummary(payload: Payload, range: DayRange, now: Date): Promise<AnalyticsSummary> {
  const db = poolDb(payload)
  const rolled = await rolledDaysIn(db, range)
  const [past, live, money] = await Promise.all([rolledPart(db, range, rolled), livePart(db, rawDaysOf(range, rolled)), moneyReceived(db, range)])
  const parts = [past, live]

  const series = daysOf(range).map((date): AnalyticsDay => {
    const day = { date, pageViews: 0, sessions: 0, signUps: 0, newPremium: 0 }
    for (const part of parts) {
      const f = part.days.get(date)
      if (!f) continue
      day.pageViews += f.views
      day.sessions += f.sessions
      day.signUps += f.signUps
      day.newPremium += f.newPremium
    }
    return day
  })
  const signedInSessions = parts.reduce((total, part) => total + [...part.days.values()].reduce((t, f) => t + f.signedIn, 0), 0)

  const videos = new Map<string, Omit<TopVideo, 'title'>>()
  const video = (videoId: string) => {
    const v = videos.get(videoId) ?? { videoId, views: 0, watchTimeSeconds: 0, completions: 0 }
    videos.set(videoId, v)
    return v
  }
  const posts = new Map<string, Omit<TopPost, 'title'>>()
  let watchTimeSeconds = 0
  let completions = 0
  for (const part of parts) {
    for (const [path, page] of part.pages) {
      const videoId = path.startsWith('/video/') ? segment(path, '/video/') : null
      const slug = path.startsWith('/post/') ? segment(path, '/post/') : null
      if (videoId) video(videoId).views += page.views
      else if (slug) {
        const p = posts.get(slug) ?? { slug, views: 0, timeOnPageSeconds: 0 }
        p.views += page.views
        p.timeOnPageSeconds += page.secs
        posts.set(slug, p)
      }
    }
    for (const [videoId, w] of part.watching) {
      const v = video(videoId)
      v.watchTimeSeconds += w.watch
      v.completions += w.completions
      watchTimeSeconds += w.watch
      completions += w.completions
    }
  }
  const videoList = [...videos.values()]
  const postList = [...posts.values()]
  const videosByViews = top(videoList, (v) => v.views, (v) => v.videoId)
  const videosByWatch = top(videoList, (v) => v.watchTimeSeconds, (v) => v.videoId)
  const postsByViews = top(postList, (p) => p.views, (p) => p.slug)
  const postsByTime = top(postList, (p) => p.timeOnPageSeconds, (p) => p.slug)
  const names = await titles(
    db,
    [...new Set([...videosByViews, ...videosByWatch].map((v) => v.videoId))],
    [...new Set([...postsByViews, ...postsByTime].map((p) => p.slug))],
  )
  const withVideoTitle = (v: Omit<TopVideo, 'title'>): TopVideo => ({ ...v, title: names.videos.get(v.videoId) ?? null })
  const withPostTitle = (p: Omit<TopPost, 'title'>): TopPost => ({ ...p, title: names.posts.get(p.slug) ?? null })

  const { sources, topReferrers, devices } = trafficOf(parts)
  const sum = (pick: (d: AnalyticsDay) => number) => series.reduce((total, d) => total + pick(d), 0)
  return {
    range: { ...range, timeZone: tz() },
    totals: {
      pageViews: sum((d) => d.pageViews),
      sessions: sum((d) => d.sessions),
      signedInSessions,
      signUps: sum((d) => d.signUps),
      newPremium: sum((d) => d.newPremium),
      watchTimeSeconds,
      completions,
      receivedCents: money.inRange,
    },
    series,
    topVideos: { byViews: videosByViews.map(withVideoTitle), byWatchTime: videosByWatch.map(withVideoTitle) },
    topPosts: { byViews: postsByViews.map(withPostTitle), byTimeOnPage: postsByTime.map(withPostTitle) },
    sources,
    topReferrers,
    devices,
    receivedAllTimeCents: money.allTime,
    generatedAt: now.toISOString(),
  }
}

/** The site's own host (SERVER_URL's, www. dropped): a page reached from it is internal traffic. */
export const siteHost = (): string | null => referrerHost(publicSiteUrl())

/** Traffic sources (by the referring host's class), the top referring sites, and devices. */
function trafficOf(parts: Part[]): Pick<AnalyticsSummary, 'sources' | 'topReferrers' | 'devices'> {
  const own = siteHost()
  const bySource = new Map<TrafficSource, SourceFigures>(TRAFFIC_SOURCES.map((source) => [source, { source, views: 0, visits: 0 }]))
  const hosts = new Map<string, ReferrerFigures>()
  const byDevice = new Map<DeviceType, DeviceFigures>(DEVICE_TYPES.map((device) => [device, { device, views: 0, visits: 0 }]))
  for (const part of parts) {
    for (const [host, t] of part.referrers) {
      const source = classifyReferrer(host, own)
      const s = bySource.get(source)!
      s.views += t.views
      s.visits += t.visits
      if (source === 'internal' || source === 'direct') continue
      const h = hosts.get(host) ?? { host, source, views: 0, visits: 0 }
      h.views += t.views
      h.visits += t.visits
      hosts.set(host, h)
    }
    for (const [device, t] of part.devices) {
      const d = byDevice.get(device as DeviceType)
      if (!d) continue
      d.views += t.views
      d.visits += t.visits
    }
  }
  return { sources: [...bySource.values()], topReferrers: top([...hosts.values()], (h) => h.views, (h) => h.host), devices: [...byDevice.values()] }
}

/**
 * GET /api/admin/user-count. premiumUsers follows the premium gate's rule (userHasPremium in
 * cms/services/premium-gate/premium.ts): the flag is set and its end is absent or still ahead.
 * activeUsers: distinct members with a signed-in visit (user_sessions) in the last 30 days.
 */
export function getUserCounts(payload: Payload, { now = new Date() }: { now?: Date } = {}): Promise<UserCounts> {
  return sharedInFlight('user-count', () => countUsers(payload, now))
}

async function countUsers(payload: Payload, now: Date): Promise<UserCounts> {
  const at = now.toISOString()
  const since = new Date(now.getTime() - ACTIVE_USER_DAYS * 86_400_000).toISOString()
  const { rows } = await poolDb(payload).execute(sql`
    select count(*) as total,
      count(*) filter (where is_premium and (premium_expires_at is null or premium_expires_at > ${at}::timestamptz)) as premium,
      count(*) filter (where is_verified) as verified,
      count(*) filter (where is_admin) as admins,
      (select count(*) from (select distinct user_id from user_sessions where start_time >= ${since}::timestamptz and user_id is not null) m) as active
    from users`)
  const r = rows[0] ?? {}
  return { activeUsers: num(r.active), totalUsers: num(r.total), premiumUsers: num(r.premium), verifiedUsers: num(r.verified), adminUsers: num(r.admins) }
}

/** GET /api/admin/video-stats: every video row (the admin's view: premium and early-access ones too) and their view counts. */
export function getVideoStats(payload: Payload): Promise<VideoStats> {
  return sharedInFlight('video-stats', () => countVideos(payload))
}

/**
 * Site views are the views this site counted (video_views: one row per viewer, video and hour,
 * never deleted); imported views are what the counters hold beyond them (YouTube's counts).
 */
async function countVideos(payload: Payload): Promise<VideoStats> {
  const { rows } = await poolDb(payload).execute(sql`
    select count(*) as total, coalesce(sum(view_count), 0) as views, (select count(*) from video_views) as site_views from videos`)
  const totalViews = num(rows[0]?.views)
  const siteViews = num(rows[0]?.site_views)
  return { totalVideos: num(rows[0]?.total), totalViews, siteViews, importedViews: Math.max(0, totalViews - siteViews) }
}
