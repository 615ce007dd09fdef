// The two halves of a dashboard range. Totalled days (a `site` row in analytics_daily) are read
// from the daily totals, which never change once written (the rollup writes a day exactly once),
// so their sums are kept in memory per range and set of totalled days: exact, and safe with any
// number of servers (nothing to invalidate). Days not totalled yet (today; yesterday until the
// job has run) are read live from the raw rows, restricted to those days' time ranges.
import { sql } from '@payloadcms/db-postgres'

import { daysOf, type DayRange } from '../../../shared/schemas/analytics'
import { addDays, startOfDay, type DayString } from '../../../shared/time-zones'
import type { Db } from '../db/transactions'
import { siteTimeZone } from '../settings/time-zone'
import { referrerHostOf } from './sql-parts'

type SQL = ReturnType<typeof sql>

/** The site's days: the time-zone setting, read when a day is needed (a saved change applies from then on). */
const tz = (): string => siteTimeZone()
const num = (value: unknown) => Number(value ?? 0) || 0
export const instant = (day: DayString) => startOfDay(day, tz()).toISOString()
/** `to_char(<timestamptz> at time zone <site zone>, 'YYYY-MM-DD')`: the site day of an instant. */
const dayOf = (column: SQL) => sql`to_char(${column} at time zone ${tz()}, 'YYYY-MM-DD')`
/** Video pages and post pages: the only paths the top lists need. */
const contentPath = (column: SQL) => sql`(${column} like '/video/%' or ${column} like '/post/%')`

export type DayFigures = { views: number; sessions: number; signedIn: number; signUps: number; newPremium: number }
export type Part = {
  days: Map<DayString, DayFigures>
  /** Views and seconds on page per video or post path. */
  pages: Map<string, { views: number; secs: number }>
  /** Watch seconds and completions per video id. */
  watching: Map<string, { watch: number; completions: number }>
  /** Page views and visitor-days per referring host ('' for none: direct). */
  referrers: Map<string, Tally>
  /** Page views and visitor-days per device type. */
  devices: Map<string, Tally>
}
export type Tally = { views: number; visits: number }

const emptyPart = (): Part => ({ days: new Map(), pages: new Map(), watching: new Map(), referrers: new Map(), devices: new Map() })

function addTally(map: Map<string, Tally>, key: string, views: number, visits: number) {
  const t = map.get(key) ?? { views: 0, visits: 0 }
  t.views += views
  t.visits += visits
  map.set(key, t)
}

function addDay(part: Part, day: DayString, f: Partial<DayFigures>) {
  const d = part.days.get(day) ?? { views: 0, sessions: 0, signedIn: 0, signUps: 0, newPremium: 0 }
  d.views += f.views ?? 0
  d.sessions += f.sessions ?? 0
  d.signedIn += f.signedIn ?? 0
  d.signUps += f.signUps ?? 0
  d.newPremium += f.newPremium ?? 0
  part.days.set(day, d)
}
function addPage(part: Part, path: string, views: number, secs: number) {
  const p = part.pages.get(path) ?? { views: 0, secs: 0 }
  p.views += views
  p.secs += secs
  part.pages.set(path, p)
}
function addWatch(part: Part, videoId: string, watch: number, completions: number) {
  const w = part.watching.get(videoId) ?? { watch: 0, completions: 0 }
  w.watch += watch
  w.completions += completions
  part.watching.set(videoId, w)
}

/** The days of `range` that have daily totals (their `site` row). */
export async function rolledDaysIn(db: Db, range: DayRange): Promise<Set<DayString>> {
  const { rows } = await db.execute(sql`select day from analytics_daily where kind = 'site' and day >= ${range.from} and day <= ${range.to}`)
  return new Set(rows.map((r) => String(r.day)))
}

// ── Totalled days ────────────────────────────────────────────────────────────────────────────

const CACHE_SIZE = 32
const rolledCache = new Map<string, Part>()

/** The sums of the daily totals of `days` (all totalled): from memory when this set was summed before. */
export async function rolledPart(db: Db, range: DayRange, rolled: ReadonlySet<DayString>): Promise<Part> {
  if (!rolled.size) return emptyPart()
  const days = [...rolled].sort()
  const key = `${range.from}|${range.to}|${days.length}|${days.join(',')}`
  const cached = rolledCache.get(key)
  if (cached) return cached
  const part = emptyPart()
  const inRange = sql`day >= ${days[0]} and day <= ${days.at(-1)}`
  // One statement: the site rows, and the content pages and videos summed over the range.
  const { rows } = await db.execute(sql`
    select 'day' as what, day as key, views, sessions, signed_in_sessions as signed_in, sign_ups, new_premium, 0 as secs
      from analytics_daily where kind = 'site' and ${inRange}
    union all
    select 'page', key, sum(views), 0, 0, 0, 0, sum(time_on_page)
      from analytics_daily where kind = 'page' and ${inRange} and ${contentPath(sql`key`)} group by key
    union all
    select 'video', key, sum(watch_time), 0, 0, 0, sum(completions), 0
      from analytics_daily where kind = 'video' and ${inRange} group by key
    union all
    select kind::text, key, sum(views), sum(sessions), 0, 0, 0, 0
      from analytics_daily where kind in ('referrer', 'device') and ${inRange} group by kind, key`)
  for (const r of rows) {
    const k = String(r.key)
    if (r.what === 'day') addDay(part, k, { views: num(r.views), sessions: num(r.sessions), signedIn: num(r.signed_in), signUps: num(r.sign_ups), newPremium: num(r.new_premium) })
    else if (r.what === 'page') addPage(part, k, num(r.views), num(r.secs))
    else if (r.what === 'referrer') addTally(part.referrers, k, num(r.views), num(r.sessions))
    else if (r.what === 'device') addTally(part.devices, k, num(r.views), num(r.sessions))
    else addWatch(part, k, num(r.views), num(r.new_premium))
  }
  if (rolledCache.size >= CACHE_SIZE) rolledCache.delete(rolledCache.keys().next().value as string)
  rolledCache.set(key, part)
  return part
}

// ── Days not totalled yet ─────────────────────────────────────────────────────────────────────

/** The days of `range` without totals (today; yesterday until the job has run; any day the job skipped). */
export function rawDaysOf(range: DayRange, rolled: ReadonlySet<DayString>): DayString[] {
  return daysOf(range).filter((day) => !rolled.has(day))
}

/** Up to this many raw days are read one day each (a constant label); more, grouped by each row's site day. */
const PER_DAY_READS = 7

/**
 * How the live queries split the raw days: one group per day, its label a constant (converting
 * every row's instant to a site day costs 3× the scan), or, for many days, one group whose label
 * is computed per row and whose rows are the days' instant ranges (consecutive days merged).
 */
type DayGroup = { label: (column: SQL) => SQL; where: (column: SQL) => SQL }
function dayGroups(days: DayString[]): DayGroup[] {
  const between = (from: DayString, to: DayString) => (column: SQL) =>
    sql`(${column} >= ${instant(from)}::timestamptz and ${column} < ${instant(addDays(to, 1))}::timestamptz)`
  if (days.length <= PER_DAY_READS) return days.map((day) => ({ label: () => sql`${day}::text`, where: between(day, day) }))
  const runs: { from: DayString; to: DayString }[] = []
  for (const day of days) {
    const last = runs.at(-1)
    if (last && addDays(last.to, 1) === day) last.to = day
    else runs.push({ from: day, to: day })
  }
  return [{ label: dayOf, where: (column) => sql`(${sql.join(runs.map((r) => between(r.from, r.to)(column)), sql` or `)})` }]
}

/**
 * The live half: views per day and per content page (no distinct counts), visits per day from
 * user_sessions (one row per visit-day, so a count is exact), watching, sign-ups and new Premium
 * of the days without totals.
 */
export async function livePart(db: Db, days: DayString[]): Promise<Part> {
  const part = emptyPart()
  if (!days.length) return part
  const groups = dayGroups(days)
  const each = (branch: (g: DayGroup) => SQL) => sql.join(groups.map(branch), sql` union all `)
  const [views, rest, sources] = await Promise.all([
    db.execute(
      each(
        (g) => sql`select ${g.label(sql`"timestamp"`)} as day, case when ${contentPath(sql`path`)} then path end as path, count(*) as views, coalesce(sum(duration), 0) as secs
          from page_views where ${g.where(sql`"timestamp"`)} group by 1, 2`,
      ),
    ),
    db.execute(sql`
      ${each((g) => sql`select 'visits' as what, ${g.label(sql`start_time`)} as key, count(*) as a, count(user_id) as b from user_sessions where ${g.where(sql`start_time`)} group by 2`)}
      union all
      ${each((g) => sql`select 'watch', video_id, sum(watch_time), count(*) filter (where completed) from video_analytics where ${g.where(sql`"timestamp"`)} group by video_id`)}
      union all
      ${each((g) => sql`select 'signup', ${g.label(sql`created_at`)}, count(*), 0 from users where ${g.where(sql`created_at`)} group by 2`)}
      union all
      ${each(
        (g) => sql`select 'premium', ${g.label(sql`coalesce(paid_at, created_at)`)}, count(*), 0
          from payments where kind = 'activation' and ${g.where(sql`coalesce(paid_at, created_at)`)} group by 2`,
      )}`),
    // Referring hosts and devices: views, and visitor-days counted per day (as the daily totals do).
    db.execute(
      each(
        (g) => sql`select day, host, device, count(*) as views, count(distinct session_id) as visits from (
            select ${g.label(sql`"timestamp"`)} as day, coalesce(${referrerHostOf(sql`page_views`)}, '') as host, device::text as device, session_id
            from page_views where ${g.where(sql`"timestamp"`)}) v
          group by grouping sets ((day, host), (day, device))`,
      ),
    ),
  ])
  for (const r of sources.rows) {
    // grouping sets: a row is per host (device null) or per device (host null).
    if (r.host !== null && r.host !== undefined) addTally(part.referrers, String(r.host), num(r.views), num(r.visits))
    else if (r.device) addTally(part.devices, String(r.device), num(r.views), num(r.visits))
  }
  for (const r of views.rows) {
    addDay(part, String(r.day), { views: num(r.views) })
    if (r.path) addPage(part, String(r.path), num(r.views), num(r.secs))
  }
  for (const r of rest.rows) {
    if (r.what === 'visits') addDay(part, String(r.key), { sessions: num(r.a), signedIn: num(r.b) })
    else if (r.what === 'watch') addWatch(part, String(r.key), num(r.a), num(r.b))
    else if (r.what === 'signup') addDay(part, String(r.key), { signUps: num(r.a) })
    else addDay(part, String(r.key), { newPremium: num(r.a) })
  }
  return part
}
