// Video watch time from the player's progress beats (POST /api/videos/{videoId}/progress): the
// statement part that adds one beat's real coverage to video_analytics, run inside the beat's own
// upsert of video_progress (cms/services/points/evidence.ts), so a beat stays one write.
import { sql } from '@payloadcms/db-postgres'

import { bucketsPlayed } from '../../../shared/analytics-sources'
import { VIDEO_COMPLETE_COVERAGE } from '../../../shared/points'

type SQL = ReturnType<typeof sql>

export type VideoWatchBeat = {
  /** The video's public id (videos.video_id). */
  videoId: string
  /** The analytics session (visitor-day) of the request: session-id.ts. */
  sessionId: string
  userId: number
  /** The member's covered seconds before this beat (read under the row lock). */
  coveredBefore: number
  /** The member's last reported position before this beat (read under the same lock). */
  positionBefore: number
  /** This beat's position (seconds, capped at the listed length). */
  position: number
  /** The video's listed length (videos.duration). */
  durationSeconds: number | null
  /** The length of the media the player is playing, when it said. */
  playerDurationSeconds?: number | null
  at: Date
}

/**
 * The length a visit is measured against: the listed one, or the played file's when that is
 * shorter (a demo clip, a trimmed upload): a viewer who played a 6 s clip to its end watched it
 * all, whatever the listing says. A longer file than listed changes nothing.
 */
export function watchLength(listed: number | null, player: number | null | undefined): number | null {
  const fromPlayer = player && Number.isFinite(player) && player > 0 ? player : null
  const fromListing = listed && listed > 0 ? listed : null
  if (fromListing === null) return fromPlayer
  return fromPlayer === null ? fromListing : Math.min(fromListing, fromPlayer)
}

/**
 * `insert … select … from progress`: `progress` is the CTE of the video_progress upsert returning
 * the new `covered_seconds`. Nothing is written when the beat covered nothing new (a pause, a
 * seek); otherwise watch time grows by the gain, the twentieths of the video the move from the last
 * position to this one passed through are marked (`reached`, the retention curve), and
 * `completed` is set by the beat that crossed 80 % of the watch length (never again in a later
 * visit: the crossing happened once).
 */
export function videoWatchInsert(beat: VideoWatchBeat): SQL {
  const length = watchLength(beat.durationSeconds, beat.playerDurationSeconds)
  const threshold = length ? length * VIDEO_COMPLETE_COVERAGE : null
  const crossed = threshold === null ? sql`false` : sql`(progress.covered_seconds >= ${threshold} and ${beat.coveredBefore} < ${threshold})`
  const reached = length ? bucketsPlayed(beat.positionBefore, beat.position, length) : 0
  return sql`
    insert into video_analytics (video_id, session_id, user_id, watch_time, completed, reached, "timestamp")
    select ${beat.videoId}, ${beat.sessionId}, ${beat.userId}, progress.covered_seconds - ${beat.coveredBefore}, ${crossed}, ${reached}, ${beat.at.toISOString()}::timestamptz
    from progress where progress.covered_seconds > ${beat.coveredBefore}
    on conflict (session_id, video_id) do update set
      watch_time = video_analytics.watch_time + excluded.watch_time,
      completed = video_analytics.completed or excluded.completed,
      reached = coalesce(video_analytics.reached, 0)::integer | coalesce(excluded.reached, 0)::integer,
      user_id = excluded.user_id,
      "timestamp" = greatest(video_analytics."timestamp", excluded."timestamp")`
}
