// The last run of the import, sync or schedule (the youtube-sync global), and what the panel reads.
import type { Payload } from 'payload'

import type { YoutubeSyncStatus, YoutubeSyncRunStatus, YoutubeSyncTrigger } from '../../../shared/schemas/youtube'
import type { YoutubeSync } from '../../payload-types'
import { hasYoutubeKey } from './config'
import { syncLockFree } from './lock'
import { YOUTUBE_SYNC_TASK_SLUG } from './task-slug'

export const SYNC_INTERVAL_MINUTES = 15
export const RUN_CUT_OFF = 'The run was cut off by a server restart. Nothing was changed; the automatic sync tries again.'

export type RunRecord = Partial<Omit<YoutubeSync, 'id' | 'updatedAt' | 'createdAt' | 'status' | 'trigger'>> & {
  status?: YoutubeSyncRunStatus
  trigger?: YoutubeSyncTrigger
}

/**
 * Writes the run's state in its own short transaction (never the sync's: a failed sync rolls its
 * own writes back, and its failure must still be recorded). Only services write it (overrideAccess).
 */
export async function recordRun(payload: Payload, data: RunRecord): Promise<void> {
  try {
    await payload.updateGlobal({ slug: 'youtube-sync', data, depth: 0, overrideAccess: true })
  } catch (err) {
    payload.logger.error({ err, event: 'youtube_status_write_failed' }, 'could not record the YouTube run')
  }
}

export const readRun = (payload: Payload) => payload.findGlobal({ slug: 'youtube-sync', depth: 0, overrideAccess: true })

/** The channel a sync reads: the site setting, else the channel of the last successful import. */
export async function channelToSync(payload: Payload): Promise<{ handle: string | null; defaultHandle: string | null }> {
  const [settings, run] = await Promise.all([payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true }), readRun(payload)])
  const defaultHandle = settings.youtubeHandle || null
  return { handle: defaultHandle ?? (run.lastImportedHandle || null), defaultHandle }
}

/** GET /api/youtube/status (admins, checked by the caller). */
export async function getYoutubeStatus(payload: Payload): Promise<YoutubeSyncStatus> {
  const [{ handle, defaultHandle }, run, removed, next] = await Promise.all([
    channelToSync(payload),
    readRun(payload),
    payload.find({
      collection: 'videos',
      where: { youtubeRemovedAt: { exists: true } },
      select: { videoId: true, title: true, youtubeRemovedAt: true },
      sort: '-youtubeRemovedAt',
      limit: 20,
      depth: 0,
      joins: false,
      overrideAccess: true,
    }),
    payload.find({
      collection: 'payload-jobs',
      where: { and: [{ taskSlug: { equals: YOUTUBE_SYNC_TASK_SLUG } }, { completedAt: { exists: false } }, { hasError: { not_equals: true } }] },
      sort: 'waitUntil',
      limit: 1,
      depth: 0,
      overrideAccess: true,
    }),
  ])
  // A run still marked running while nobody holds the sync lock was cut off by a restart (its writes rolled back).
  const stale = run.status === 'running' && (await syncLockFree(payload))
  const apiKeyConfigured = hasYoutubeKey()
  return {
    channelHandle: handle,
    channelSource: handle ? (defaultHandle ? 'settings' : 'lastImport') : null,
    defaultHandle: defaultHandle ?? (run.lastImportedHandle || null),
    apiKeyConfigured,
    intervalMinutes: SYNC_INTERVAL_MINUTES,
    nextRunAt: next.docs[0]?.waitUntil ?? null,
    last: run.status
      ? {
          status: stale ? 'failed' : run.status,
          trigger: run.trigger ?? 'sync',
          channelHandle: run.channelHandle ?? null,
          channelTitle: run.channelTitle ?? null,
          startedAt: run.startedAt ?? null,
          finishedAt: run.finishedAt ?? null,
          imported: run.imported ?? 0,
          total: run.total ?? 0,
          removed: run.removed ?? 0,
          error: stale ? RUN_CUT_OFF : (run.error ?? null),
        }
      : null,
    removedVideos: removed.docs.map((doc) => ({ videoId: doc.videoId, title: doc.title, removedAt: String(doc.youtubeRemovedAt) })),
  }
}
