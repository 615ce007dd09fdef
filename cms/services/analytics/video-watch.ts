// Video watch time from the player's progress beats (POST /api/videos/{videoId}/progress): the
// statement part that adds one beat's real coverage to video_analytics, run inside the beat's own
// upsert of video_progress (cms/services/points/evidence.ts), so a beat stays one write.
import { sql } from '@payloadcms/db-postgres'

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
  durationSeconds: number | null
  at: Date
}

/**
 * `insert … select … from progress`: `progress` is the CTE of the video_progress upsert returning
 * the new `covered_seconds`. Nothing is written when the beat covered nothing new (a pause, a
 * seek); otherwise watch time grows by the gain, and `completed` is set by the beat that crossed
 * 80 % of the video (never again in a later visit: the crossing happened once).
 */
export function videoWatchInsert(beat: VideoWatchBeat): SQL {
  const threshold = beat.durationSeconds && beat.durationSeconds > 0 ? beat.durationSeconds * VIDEO_COMPLETE_COVERAGE : null
  const crossed = threshold === null ? sql`false` : sql`(progress.covered_seconds >= ${threshold} and ${beat.coveredBefore} < ${threshold})`
  return sql`
    insert into video_analytics (video_id, session_id, user_id, watch_time, completed, "timestamp")
    select ${beat.videoId}, ${beat.sessionId}, ${beat.userId}, progress.covered_seconds - ${beat.coveredBefore}, ${crossed}, ${beat.at.toISOString()}::timestamptz
    from progress where progress.covered_seconds > ${beat.coveredBefore}
    on conflict (session_id, video_id) do update set
      watch_time = video_analytics.watch_time + excluded.watch_time,
      completed = video_analytics.completed or excluded.completed,
      user_id = excluded.user_id,
      "timestamp" = greatest(video_analytics."timestamp", excluded."timestamp")`
}
