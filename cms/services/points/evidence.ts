// Evidence for what only the browser observes (video_complete, blog_read, content_share), and the
// claims of POST /api/points/award that check it.
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { parseIsoDuration } from '../../../shared/format'
import { BLOG_READ_MIN_SECONDS, CLIENT_CLAIMABLE_ACTIVITIES, VIDEO_COMPLETE_COVERAGE } from '../../../shared/points'
import type { PointsAwardData } from '../../../shared/schemas/engagement'
import { dayIn } from '../../../shared/time-zones'
import type { PointsAward } from '../../../shared/types/points'
import type { User } from '../../payload-types'
import { cachedFor } from '../cache'
import { badRequest, notFound } from '../errors'
import { canPlayVideo, findVideoDoc, VIDEO_NOT_FOUND } from '../videos'
import { awardPoints } from './award'
import { pointsTimeZone, systemClock } from './clock'
import { awardKeys } from './keys'
import { inMemberTransaction } from '../db/member-transaction'
import { inTransaction, poolDb, transactionDb } from '../db/transactions'
import { videoWatchInsert } from '../analytics/video-watch'

/** A beat counts the ground since the last one only if real time allows it: at most 2× speed, and beats at most this far apart. */
export const MAX_PLAYBACK_RATE = 2
export const MAX_BEAT_GAP_SECONDS = 120

export const NOT_CLAIMABLE = 'This activity is awarded by the site itself, not claimed.'
export const NOT_WATCHED = 'Not enough of this video was played to complete it.'
export const NOT_READ = 'Open the post and read it for a little longer first.'
export const POST_NOT_FOUND = 'Post not found.'
export const CONTENT_ID_NEEDED = 'contentId is required for this activity.'

export type ProgressResult = { coveredSeconds: number; durationSeconds: number | null; complete: boolean }

const isComplete = (covered: number, duration: number | null) => duration !== null && duration > 0 && covered >= duration * VIDEO_COMPLETE_COVERAGE

/**
 * POST /api/videos/{videoId}/progress { position }: one progress beat from the player. Coverage
 * grows by the forward move since the previous beat when that move fits the real time between
 * them (≤ 2× speed, beats ≤ 120 s apart); a seek, a jump to the end or a late beat only moves the
 * position. Stored per member and video (video_progress), capped at the video's length.
 */
export async function recordProgress(
  payload: Payload,
  {
    user,
    videoId,
    position,
    now = systemClock(),
    analyticsSessionId,
    playerDuration,
  }: { user: User; videoId: string; position: number; now?: Date; analyticsSessionId?: string; playerDuration?: number },
): Promise<ProgressResult> {
  const video = await findVideoDoc(payload, { user, videoId })
  if (!video || !canPlayVideo(video, user)) throw notFound(VIDEO_NOT_FOUND)
  const duration = video.duration ? parseIsoDuration(video.duration) : null
  const at = Math.max(0, duration ? Math.min(position, duration) : position)
  const when = now.toISOString()
  const cap = duration ?? 2_147_483_647
  return inTransaction(payload, async (req) => {
    const db = await transactionDb(payload, req)
    // Watch time (cms/services/analytics) is this beat's gain: the covered seconds before it, read
    // under the row's lock so a racing beat of the same member cannot be counted twice.
    const before = analyticsSessionId
      ? (await db.execute(sql`select covered_seconds, last_position from video_progress where user_id = ${user.id} and video_id = ${video.id} for update`)).rows[0]
      : undefined
    const coveredBefore = Number(before?.covered_seconds ?? 0)
    const watch = analyticsSessionId
      ? sql`, watched as (${videoWatchInsert({
          videoId: video.videoId,
          sessionId: analyticsSessionId,
          userId: user.id,
          coveredBefore,
          positionBefore: Number(before?.last_position ?? 0),
          position: at,
          durationSeconds: duration,
          playerDurationSeconds: playerDuration,
          at: now,
        })})`
      : sql``
    const { rows } = await db.execute(sql`
      with progress as (
      insert into video_progress (user_id, video_id, last_position, covered_seconds, last_beat_at, created_at, updated_at)
      values (${user.id}, ${video.id}, ${at}, 0, ${when}, ${when}, ${when})
      on conflict (user_id, video_id) do update set
        covered_seconds = least(${cap}, video_progress.covered_seconds + case
          when excluded.last_position > video_progress.last_position
           and excluded.last_beat_at > video_progress.last_beat_at
           and extract(epoch from excluded.last_beat_at - video_progress.last_beat_at) <= ${MAX_BEAT_GAP_SECONDS}
           and excluded.last_position - video_progress.last_position
               <= extract(epoch from excluded.last_beat_at - video_progress.last_beat_at) * ${MAX_PLAYBACK_RATE} + 1
          then excluded.last_position - video_progress.last_position else 0 end),
        last_position = excluded.last_position,
        last_beat_at = greatest(video_progress.last_beat_at, excluded.last_beat_at),
        updated_at = excluded.updated_at
      returning covered_seconds)
      ${watch}
      select covered_seconds from progress`)
    const covered = Number(rows[0]?.covered_seconds ?? 0)
    return { coveredSeconds: covered, durationSeconds: duration, complete: isComplete(covered, duration) }
  })
}

/** A member opened a published post (its page or its API read): the first time is kept, on the server's clock. */
export async function recordPostOpened(payload: Payload, { user, postId, now = systemClock() }: { user: { id: number }; postId: number; now?: Date }) {
  const when = now.toISOString()
  const db = await poolDb(payload)
  await db.execute(sql`
    insert into post_reads (user_id, post_id, opened_at, created_at, updated_at) values (${user.id}, ${postId}, ${when}, ${when}, ${when})
    on conflict (user_id, post_id) do nothing`)
}

/** A published post the member may read, by id or slug; found posts are shared through the content cache (cleared on any post write). */
function findPublishedPost(payload: Payload, user: User, contentId: string) {
  return cachedFor(user, ['points:published-post', contentId], () => readPublishedPost(payload, user, contentId), {
    expiresAt: (post) => (post ? null : Number.NEGATIVE_INFINITY),
  })
}

async function readPublishedPost(payload: Payload, user: User, contentId: string) {
  const byId = /^\d{1,9}$/.test(contentId)
  const { docs } = await payload.find({
    collection: 'posts',
    where: { and: [byId ? { id: { equals: Number(contentId) } } : { slug: { equals: contentId } }, { status: { equals: 'published' } }] },
    select: { title: true, slug: true },
    limit: 1,
    pagination: false,
    depth: 0,
    user,
    overrideAccess: false,
  })
  return docs[0] ?? null
}

async function readableVideo(payload: Payload, user: User, videoId: string) {
  const video = await findVideoDoc(payload, { user, videoId })
  if (!video || !canPlayVideo(video, user)) throw notFound(VIDEO_NOT_FOUND)
  return video
}

/**
 * POST /api/points/award: pays a client-observed activity only on the server's own evidence.
 * video_complete: this member's progress beats cover 80% of the video; blog_read: this member
 * opened the published post at least 30 s ago; content_share: a readable item, once per item per
 * day within the daily cap. A repeat answers 200 with 0 points; anything else is an error.
 */
export async function claimAward(payload: Payload, { user, input, now = systemClock() }: { user: User; input: PointsAwardData; now?: Date }): Promise<PointsAward> {
  if (!(CLIENT_CLAIMABLE_ACTIVITIES as readonly string[]).includes(input.activityType)) throw badRequest(NOT_CLAIMABLE)
  const contentId = input.contentId
  if (!contentId) throw badRequest(CONTENT_ID_NEEDED)
  if (input.activityType === 'video_complete') {
    const video = await readableVideo(payload, user, contentId)
    const duration = video.duration ? parseIsoDuration(video.duration) : null
    const db = await poolDb(payload)
    const { rows } = await db.execute(sql`select covered_seconds from video_progress where user_id = ${user.id} and video_id = ${video.id}`)
    if (!isComplete(Number(rows[0]?.covered_seconds ?? 0), duration)) throw badRequest(NOT_WATCHED)
    return inMemberTransaction(payload, user.id, (req) =>
      awardPoints(payload, { user, req, now, activityType: 'video_complete', contentType: 'video', contentId: video.videoId, title: video.title, idempotencyKey: awardKeys.videoComplete(user.id, video.id) }),
    )
  }
  if (input.activityType === 'blog_read') {
    const post = await findPublishedPost(payload, user, contentId)
    if (!post) throw notFound(POST_NOT_FOUND)
    const db = await poolDb(payload)
    const { rows } = await db.execute(sql`select opened_at from post_reads where user_id = ${user.id} and post_id = ${post.id}`)
    const openedAt = rows[0]?.opened_at ? new Date(rows[0].opened_at as string) : null
    if (!openedAt || now.getTime() - openedAt.getTime() < BLOG_READ_MIN_SECONDS * 1000) throw badRequest(NOT_READ)
    return inMemberTransaction(payload, user.id, (req) =>
      awardPoints(payload, { user, req, now, activityType: 'blog_read', contentType: 'blog_post', contentId: post.slug ?? String(post.id), title: post.title, idempotencyKey: awardKeys.blogRead(user.id, post.id) }),
    )
  }
  // content_share
  const day = dayIn(now, pointsTimeZone())
  const item =
    input.contentType === 'blog_post'
      ? await findPublishedPost(payload, user, contentId).then((post) => (post ? { id: post.id, key: post.slug ?? String(post.id), title: post.title } : null))
      : await readableVideo(payload, user, contentId).then((video) => ({ id: video.id, key: video.videoId, title: video.title }))
  if (!item) throw notFound(POST_NOT_FOUND)
  const contentType = input.contentType === 'blog_post' ? 'blog_post' : 'video'
  return inMemberTransaction(payload, user.id, (req) =>
    awardPoints(payload, { user, req, now, activityType: 'content_share', contentType, contentId: item.key, title: item.title, idempotencyKey: awardKeys.contentShare(user.id, contentType, item.id, day) }),
  )
}
