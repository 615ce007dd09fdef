// Who is on the site now (/admin Analytics, "Right now"): visitors with a page view in the last
// few minutes and the pages they read, straight from page_views (its time index; a few minutes of
// rows). Page views reach the table within about a second (recorder.ts), so "now" lags by that.
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { RealtimeVisitors } from '../../../shared/types/analytics'
import { poolDb } from '../db/transactions'
import { sharedInFlight } from './single-flight'

/** A visitor counts as active this many minutes after their last page view. */
export const REALTIME_WINDOW_MINUTES = 5
const REALTIME_PAGES = 10

/** GET /api/admin/analytics/realtime. */
export function getRealtimeVisitors(payload: Payload, { now = new Date() }: { now?: Date } = {}): Promise<RealtimeVisitors> {
  // Several admins' polls at one moment share one read.
  return sharedInFlight('realtime', () => readRealtime(payload, now))
}

async function readRealtime(payload: Payload, now: Date): Promise<RealtimeVisitors> {
  const since = new Date(now.getTime() - REALTIME_WINDOW_MINUTES * 60_000).toISOString()
  const until = now.toISOString()
  const { rows } = await poolDb(payload).execute(sql`
    with recent as (select session_id, path from page_views where "timestamp" > ${since}::timestamptz and "timestamp" <= ${until}::timestamptz)
    select null as path, count(distinct session_id) as visitors, count(*) as views from recent
    union all
    (select path, count(distinct session_id), count(*) from recent group by path order by 2 desc, 3 desc, 1 limit ${REALTIME_PAGES})`)
  const [all, ...pages] = rows
  return {
    activeVisitors: Number(all?.visitors ?? 0),
    windowMinutes: REALTIME_WINDOW_MINUTES,
    pages: pages.map((r) => ({ path: String(r.path), visitors: Number(r.visitors), views: Number(r.views) })),
    generatedAt: until,
  }
}
