// One video's or post's figures for its analytics page (/admin/analytics/video/{videoId},
// /admin/analytics/post/{slug}): views per day, watch time, completions and, for a video, the
// retention curve. Totalled days from analytics_daily, the others from the raw rows (README: reads).
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { RETENTION_BUCKETS } from '../../../shared/analytics-sources'
import { daysOf, resolveRange, type AnalyticsRangeQuery, type DayRange } from '../../../shared/schemas/analytics'
import { addDays, type DayString } from '../../../shared/time-zones'
import type { ItemAnalytics, ItemDay } from '../../../shared/types/analytics'
import { poolDb, type Db } from '../db/transactions'
import { notFound } from '../errors'
import { siteTimeZone } from '../settings/time-zone'
import { siteDay } from './session-id'
import { retentionCounts } from './sql-parts'
import { instant, rawDaysOf, rolledDaysIn } from './summary-parts'

export const ITEM_VIDEO_NOT_FOUND = 'There is no video with that id.'
export const ITEM_POST_NOT_FOUND = 'There is no post with that address.'

const num = (value: unknown) => Number(value ?? 0) || 0
type Item = { kind: 'video' | 'post'; id: string; title: string | null; youtubeViews: number | null }

async function findItem(db: Db, kind: 'video' | 'post', id: string): Promise<Item> {
  if (kind === 'post') {
    const { rows } = await db.execute(sql`select title from posts where slug = ${id} limit 1`)
    if (!rows[0]) throw notFound(ITEM_POST_NOT_FOUND)
    return { kind, id, title: (rows[0].title as string | null) ?? null, youtubeViews: null }
  }
  // YouTube's count: the last synced one, or (imported before the sync kept it, or seeded) what
  // the counter holds beyond the views this site counted itself.
  const { rows } = await db.execute(sql`
    select v.title, v.source, v.youtube_view_count, v.view_count, (select count(*) from video_views w where w.video_id = v.id) as site_views
    from videos v where v.video_id = ${id} limit 1`)
  const r = rows[0]
  if (!r) throw notFound(ITEM_VIDEO_NOT_FOUND)
  const youtubeViews = r.source === 'youtube' ? (r.youtube_view_count !== null ? num(r.youtube_view_count) : Math.max(0, num(r.view_count) - num(r.site_views))) : null
  return { kind, id, title: (r.title as string | null) ?? null, youtubeViews }
}

/** The item's page path as the recorder stores it (the id percent-encoded as a link to it is). */
const pathOf = (kind: 'video' | 'post', id: string) => `/${kind}/${encodeURIComponent(id)}`

type Figures = { views: number; secs: number; watch: number; completions: number; viewers: number; curve: number[] }
const emptyFigures = (): Figures => ({ views: 0, secs: 0, watch: 0, completions: 0, viewers: 0, curve: Array(RETENTION_BUCKETS).fill(0) })

function addCurve(into: number[], counts: unknown) {
  const list = Array.isArray(counts) ? counts : typeof counts === 'string' ? (JSON.parse(counts) as unknown[]) : []
  for (let i = 0; i < RETENTION_BUCKETS; i++) into[i] = (into[i] ?? 0) + num(list[i])
}

/** Per-day figures of the item over the range (totalled days and raw days, each read once). */
async function itemDays(db: Db, item: Item, range: DayRange): Promise<Map<DayString, Figures>> {
  const byDay = new Map<DayString, Figures>()
  const day = (d: DayString) => byDay.get(d) ?? (byDay.set(d, emptyFigures()), byDay.get(d)!)
  const path = pathOf(item.kind, item.id)
  const rolled = await rolledDaysIn(db, range)
  if (rolled.size) {
    const { rows } = await db.execute(sql`
      select day, kind::text as kind, views, time_on_page, watch_time, completions, sessions, retention from analytics_daily
      where day >= ${range.from} and day <= ${range.to} and ((kind = 'page' and key = ${path}) or (kind = 'video' and key = ${item.kind === 'video' ? item.id : ''}))`)
    for (const r of rows) {
      if (!rolled.has(String(r.day))) continue
      const f = day(String(r.day))
      if (r.kind === 'page') {
        f.views += num(r.views)
        f.secs += num(r.time_on_page)
      } else {
        f.watch += num(r.watch_time)
        f.completions += num(r.completions)
        f.viewers += num(r.sessions)
        addCurve(f.curve, r.retention)
      }
    }
  }
  const raw = rawDaysOf(range, rolled)
  if (raw.length) {
    // The raw days' whole span, each row labelled with its site day; rows of a totalled day in
    // that span (kept until retention deletes them) are skipped: the totals have them.
    const from = instant(raw[0]!)
    const to = instant(addDays(raw.at(-1)!, 1))
    const label = (column: ReturnType<typeof sql>) => sql`to_char(${column} at time zone ${siteTimeZone()}, 'YYYY-MM-DD')`
    const { rows } = await db.execute(sql`
      select 'page' as what, ${label(sql`"timestamp"`)} as day, count(*) as a, coalesce(sum(duration), 0) as b, 0 as c, null::jsonb as curve
        from page_views where "timestamp" >= ${from}::timestamptz and "timestamp" < ${to}::timestamptz and path = ${path} group by 2
      union all
      select 'video', ${label(sql`"timestamp"`)}, sum(watch_time), count(*) filter (where completed), count(*), ${retentionCounts(sql`coalesce(reached, 0)::integer`)}
        from video_analytics where "timestamp" >= ${from}::timestamptz and "timestamp" < ${to}::timestamptz and video_id = ${item.kind === 'video' ? item.id : ''} group by 2`)
    for (const r of rows) {
      if (rolled.has(String(r.day))) continue
      const f = day(String(r.day))
      if (r.what === 'page') {
        f.views += num(r.a)
        f.secs += num(r.b)
      } else {
        f.watch += num(r.a)
        f.completions += num(r.b)
        f.viewers += num(r.c)
        addCurve(f.curve, r.curve)
      }
    }
  }
  return byDay
}

/** GET /api/admin/analytics/{video|post}/{id}: one item's figures over a range (the summary's range rules). */
export async function getItemAnalytics(
  payload: Payload,
  { kind, id, query, now = new Date() }: { kind: 'video' | 'post'; id: string; query: AnalyticsRangeQuery; now?: Date },
): Promise<ItemAnalytics> {
  const db = poolDb(payload)
  const item = await findItem(db, kind, id)
  const range = resolveRange(query, siteDay(now))
  const byDay = await itemDays(db, item, range)
  const total = emptyFigures()
  const series = daysOf(range).map((date): ItemDay => {
    const f = byDay.get(date) ?? emptyFigures()
    total.views += f.views
    total.secs += f.secs
    total.watch += f.watch
    total.completions += f.completions
    total.viewers += f.viewers
    addCurve(total.curve, f.curve)
    return { date, views: f.views, watchTimeSeconds: f.watch, completions: f.completions, timeOnPageSeconds: f.secs }
  })
  const retention =
    kind === 'video'
      ? total.curve.map((reached, i) => ({ percent: (i * 100) / RETENTION_BUCKETS, viewers: reached, share: total.viewers ? Math.min(1, reached / total.viewers) : 0 }))
      : []
  return {
    kind,
    id,
    title: item.title,
    path: pathOf(kind, id),
    range: { ...range, timeZone: siteTimeZone() },
    totals: {
      views: total.views,
      viewers: total.viewers,
      watchTimeSeconds: total.watch,
      completions: total.completions,
      completionRate: total.viewers ? total.completions / total.viewers : 0,
      timeOnPageSeconds: total.secs,
    },
    series,
    retention,
    youtubeViews: item.youtubeViews,
    generatedAt: now.toISOString(),
  }
}
