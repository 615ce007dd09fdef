import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import type { PointsAward } from '../../../shared/types/points'
import { isBot } from '../analytics/bots'
import { visitorViewerId } from '../analytics/session-id'
import { awardForView } from '../points/events'
import type { RateLimitRule } from '../rate-limit'
import { inMemberTransaction } from '../db/member-transaction'
import { inTransaction, transactionDb } from '../db/transactions'
import { badRequest, notFound } from '../errors'
import { canPlayVideo, VIDEO_NOT_FOUND } from './get'
import { VIDEO_BY_LINK } from '../premium-gate'
import type { Viewer } from './list'

const HOUR_MS = 60 * 60 * 1000

/** Views are de-duplicated per clock hour (UTC): the start of the hour `now` falls in. */
export const hourBucket = (now: Date): Date => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS)

/**
 * The cookie visitors were once counted by. A client can drop it (or invent one) on every request,
 * so it no longer counts for anything; the endpoint expires it where a browser still sends it.
 */
export const VIEWER_COOKIE = 'viewer_id'

/** Who sent a view report: the client's address as Express found it and its user agent. */
export type ViewerClient = { address: string | null | undefined; userAgent: string | null | undefined }

/**
 * A member is counted by account on every device; a visitor by their address range and browser
 * family under the day's salt (visitorViewerId), never by anything the client keeps and can drop.
 */
export function viewerKey(user: Viewer, client: ViewerClient | null | undefined, now: Date = new Date()): string {
  if (user) return `user:${user.id}`
  if (client) return `visitor:${visitorViewerId({ ...client, at: now })}`
  throw badRequest('A viewer is required to count a view.')
}

/** Per client IP; generous, since every video page load sends one (env RATE_LIMIT_TRACK_VIEWS). */
export const trackViewsRule: RateLimitRule = {
  name: 'track-views',
  limit: Number(process.env.RATE_LIMIT_TRACK_VIEWS) > 0 ? Number(process.env.RATE_LIMIT_TRACK_VIEWS) : 120,
  windowMs: 60 * 1000,
}

/** `award`: the points a member's counted view earned (absent for visitors and uncounted views). */
export type TrackViewResult = { counted: boolean; viewCount: number; award?: PointsAward }

/**
 * POST /api/videos/track-views: counts one view of `videoId` for this viewer unless they already
 * have one in this clock hour. The (video, viewer, hour) row and the counter move together in one
 * transaction, and the unique index turns a repeat (or a concurrent twin) into a no-op insert.
 * A video seen by someone the premium gate keeps from playing it (the lock screen) is not a view,
 * nor is a visitor's report whose user agent is a crawler's or a script's (as for page views).
 */
export async function trackView(
  payload: Payload,
  { user, videoId, client, now = new Date() }: { user?: Viewer; videoId: string; client?: ViewerClient | null; now?: Date },
): Promise<TrackViewResult> {
  const key = viewerKey(user, client, now)
  const { docs } = await payload.find({
    collection: 'videos',
    where: { videoId: { equals: videoId } },
    select: { isPremium: true, isUncut: true, earlyAccessUntil: true, viewCount: true, title: true },
    limit: 1,
    pagination: false,
    depth: 0,
    joins: false,
    context: VIDEO_BY_LINK,
    user,
    overrideAccess: false,
  })
  const video = docs[0]
  if (!video) throw notFound(VIDEO_NOT_FOUND)
  if (!canPlayVideo(video, user) || (!user && isBot(client?.userAgent))) return { counted: false, viewCount: video.viewCount ?? 0 }

  // A member's view may earn video_watch: their row is locked first (inMemberTransaction), before
  // the video's counter, as every other transaction of theirs does (HOUSE rule 18).
  const count = async (req: PayloadRequest): Promise<TrackViewResult> => {
    const db = await transactionDb(payload, req)
    const hour = hourBucket(now).toISOString()
    const inserted = await db.execute(sql`
      insert into video_views (video_id, viewer_key, hour)
      values (${video.id}, ${key}, ${hour})
      on conflict (video_id, viewer_key, hour) do nothing
      returning id`)
    const counted = inserted.rows.length > 0
    const { rows } = counted
      ? await db.execute(sql`update videos set view_count = coalesce(view_count, 0) + 1 where id = ${video.id} returning view_count`)
      : await db.execute(sql`select view_count from videos where id = ${video.id}`)
    // A member's counted view earns video_watch (once per video per day) in the same transaction.
    const award = counted && user ? await awardForView(payload, { req, user, videoId, videoRowId: video.id, title: video.title ?? videoId, now }) : undefined
    return { counted, viewCount: Number(rows[0]?.view_count ?? 0), ...(award ? { award } : {}) }
  }
  return user ? inMemberTransaction(payload, user.id, count) : inTransaction(payload, count)
}
