import type { Payload } from 'payload'

import { userIsAdmin } from '../../access/roles'
import type { User } from '../../payload-types'
import type { CaptionTrackRow, ThumbnailFrame, UploadStatusRow } from '../../../shared/video-upload'
import { pgPool } from '../db/pool'
import { forbidden, unauthorized } from '../errors'
import { secondsLeft, type TranscodeProgress } from '../video-transcode/progress'
import { TRANSCODE_TASK_SLUG } from '../video-transcode/task'

/** Videos waiting for a transcode slot, in the order the queue will take them (its oldest job first). */
async function transcodeLine(payload: Payload): Promise<Map<string, number>> {
  const { rows } = await pgPool(payload).query<{ video_id: string }>(
    `select input->>'videoId' as video_id from payload_jobs
      where task_slug = $1 and completed_at is null and not processing and has_error is not true
      group by 1 order by min(created_at)`,
    [TRANSCODE_TASK_SLUG],
  )
  return new Map(rows.map((row, i) => [row.video_id, i + 1]))
}

/** The panel's view of a transcode's progress: only while one runs (or a replacement's failed), with the time left. */
function progressOf(status: string | null | undefined, stored: unknown, now: number): UploadStatusRow['progress'] {
  const p = stored as TranscodeProgress | null | undefined
  if (!p || typeof p !== 'object' || typeof p.startedAt !== 'string') return null
  const running = status === 'processing' || p.replacing === true
  if (!running && !p.replacementError) return null
  const percent = Math.max(0, Math.min(100, Math.floor(Number(p.percent) || 0)))
  return {
    percent,
    renditionsDone: Number(p.renditionsDone) || 0,
    renditionsTotal: Number(p.renditionsTotal) || 0,
    secondsLeft: running ? secondsLeft({ percent, startedAt: p.startedAt }, now) : null,
    replacing: p.replacing === true,
    replacementError: p.replacementError ?? null,
  }
}

/** The latest self-hosted videos, where their transcodes stand, their thumbnail choices and captions (the upload panel's list). */
export async function listRecentUploads(payload: Payload, user: Pick<User, 'isAdmin'> | null, limit = 10): Promise<UploadStatusRow[]> {
  if (!user) throw unauthorized()
  if (!userIsAdmin(user)) throw forbidden('Only admins can see uploads.')
  // overrideAccess: the caller is checked to be an admin above.
  const { docs } = await payload.find({
    collection: 'videos',
    where: { source: { equals: 'manual' } },
    sort: '-createdAt',
    limit,
    depth: 0,
    joins: false,
    overrideAccess: true,
    select: {
      videoId: true,
      title: true,
      transcodeStatus: true,
      transcodeError: true,
      duration: true,
      createdAt: true,
      transcodeProgress: true,
      thumbnailUrl: true,
      thumbnailFrames: true,
      captions: true,
    },
  })
  const now = Date.now()
  const line = docs.some((doc) => doc.transcodeStatus === 'queued') ? await transcodeLine(payload) : new Map<string, number>()
  return docs.map((doc) => ({
    id: doc.id,
    videoId: doc.videoId,
    title: doc.title,
    transcodeStatus: doc.transcodeStatus ?? null,
    transcodeError: doc.transcodeError ?? null,
    duration: doc.duration ?? null,
    url: `/video/${doc.videoId}`,
    createdAt: doc.createdAt,
    progress: progressOf(doc.transcodeStatus, doc.transcodeProgress, now),
    queuePosition: doc.transcodeStatus === 'queued' ? (line.get(doc.videoId) ?? null) : null,
    thumbnailUrl: doc.thumbnailUrl ?? null,
    frames: Array.isArray(doc.thumbnailFrames) ? (doc.thumbnailFrames as ThumbnailFrame[]) : [],
    captions: ((doc.captions ?? []) as CaptionTrackRow[]).map(({ language, label, url }) => ({ language, label, url })),
  }))
}
