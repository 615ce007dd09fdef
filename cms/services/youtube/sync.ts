// Import and sync: read the channel from YouTube, then upsert its videos by videoId in one transaction.
import { sql } from '@payloadcms/db-postgres'
import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest } from 'payload'

import { keyMomentErrors } from '../../../shared/key-moments'
import type { YoutubeSyncTrigger } from '../../../shared/schemas/youtube'
import type { Video } from '../../payload-types'
import { transactionDb, type Db } from '../db/transactions'
import { YoutubeClient } from './client'
import { youtubeConfig } from './config'
import { busy, YoutubeError } from './errors'
import { SYNC_LOCK } from './lock'
import { batches, canonicalHandle, isYoutubeVideoId, printableId, validateVideos, type RefusedVideo } from './parse'
import { recordRun } from './status'
import type { ChannelInfo, YoutubeVideoFields } from './types'

export type SyncOutcome = {
  channel: ChannelInfo
  /** Rows created plus rows changed. */
  imported: number
  created: number
  updated: number
  /** Newly found gone from YouTube (hidden from the site). */
  removed: number
  /** Videos YouTube shows for the channel now (the refused ones included). */
  total: number
  /** Ids left as they were: a manual upload with the same id, or a row whose key moments YouTube's new duration would break. */
  skipped: string[]
  /** What YouTube sent that is not a video the site can store (an id that is not a YouTube id): never written. */
  refused: RefusedVideo[]
}

export type SyncOptions = { handle: string; trigger: YoutubeSyncTrigger; client?: YoutubeClient; now?: () => Date }

const EXISTING_SELECT = {
  videoId: true, source: true, title: true, description: true, publishedAt: true, thumbnailUrl: true, duration: true,
  viewCount: true, youtubeChannelId: true, youtubeViewCount: true, youtubeRemovedAt: true, keyMoments: true,
} as const
type Existing = Pick<Video, 'id' | 'videoId' | 'source' | 'title' | 'description' | 'publishedAt' | 'thumbnailUrl' | 'duration' | 'viewCount' | 'youtubeChannelId' | 'youtubeViewCount' | 'youtubeRemovedAt' | 'keyMoments'>

/**
 * Reads the channel (handle → uploads playlist → every page of it → the videos, 50 at a time) and
 * upserts its videos. Everything happens inside one transaction holding the sync lock: a second
 * run meanwhile gets `busy` (409), and any failure — quota, network, a crash — leaves the videos
 * exactly as they were. Every item is checked before the first write (validateVideos): a Payload
 * write that fails rolls the whole transaction back and lets later writes run outside it, so no
 * write may be expected to fail. The run's outcome or failure is recorded for /admin (status.ts).
 */
export async function syncChannel(payload: Payload, { handle: input, trigger, client, now = () => new Date() }: SyncOptions): Promise<SyncOutcome> {
  const handle = canonicalHandle(input)
  const startedAt = now().toISOString()
  const base = { trigger, channelHandle: handle, startedAt, imported: 0, total: 0, removed: 0 }
  let youtube: YoutubeClient
  try {
    youtube = client ?? new YoutubeClient(youtubeConfig())
  } catch (error) {
    await recordRun(payload, { ...base, status: 'failed', finishedAt: now().toISOString(), error: messageOf(error) })
    throw error
  }

  const req = await createLocalReq({}, payload)
  await initTransaction(req)
  let locked = false
  try {
    const db = await transactionDb(payload, req)
    const { rows } = await db.execute(sql`select pg_try_advisory_xact_lock(${SYNC_LOCK}) as locked`)
    if (!rows[0]?.locked) throw busy()
    locked = true
    await recordRun(payload, { ...base, status: 'running', finishedAt: null, error: null, channelId: null, channelTitle: null })

    const channel = await youtube.channelByHandle(handle)
    const listed = await youtube.playlistVideoIds(channel.uploadsPlaylistId)
    // An id that is not a YouTube id is never sent back to YouTube nor stored.
    const { valid, refused } = validateVideos(await youtube.videos(listed.filter(isYoutubeVideoId)))
    refused.push(...listed.filter((id) => !isYoutubeVideoId(id)).map((id) => ({ videoId: printableId(id), reason: 'not a YouTube video id' })))
    const outcome = await writeVideos(payload, req, db, channel, valid, refused, now())

    // Recorded while the lock is held: a run marked running with the lock free reads as cut off by
    // a restart (status.ts), so the record must change before the lock goes. A failed commit
    // below overwrites it with the failure.
    await recordRun(payload, {
      ...base,
      status: 'succeeded',
      channelHandle: channel.handle,
      channelId: channel.id,
      channelTitle: channel.title,
      finishedAt: now().toISOString(),
      imported: outcome.imported,
      total: outcome.total,
      removed: outcome.removed,
      error: runNote(outcome) || null,
      ...(trigger === 'import' ? { lastImportedHandle: channel.handle } : {}),
    })
    await commitTransaction(req)
    const { created, updated, removed, total, skipped } = outcome
    if (refused.length) payload.logger.warn({ event: 'youtube_sync_refused', channel: channel.id, refused }, 'YouTube sent videos the site cannot store')
    payload.logger.info({ event: 'youtube_sync', trigger, channel: channel.id, created, updated, removed, total, skipped: skipped.length, refused: refused.length }, 'YouTube videos synced')
    return outcome
  } catch (error) {
    // The failure is recorded before the rollback releases the lock (see above).
    if (locked) await recordRun(payload, { ...base, status: 'failed', finishedAt: now().toISOString(), error: messageOf(error) })
    await killTransaction(req)
    if (locked) {
      payload.logger.warn({ event: 'youtube_sync_failed', trigger, handle, reason: error instanceof YoutubeError ? error.reason : 'error', err: error instanceof YoutubeError ? undefined : error }, 'YouTube sync failed')
    }
    throw error
  }
}

/** For /admin: what the run did not write, and why. */
export const runNote = ({ skipped, refused }: Pick<SyncOutcome, 'skipped' | 'refused'>) =>
  [skipped.length ? skippedNote(skipped) : '', refused.length ? refusedNote(refused) : ''].filter(Boolean).join(' ')

const refusedNote = (refused: RefusedVideo[]) =>
  `Not imported, not a YouTube video id: ${refused.slice(0, 10).map((r) => JSON.stringify(r.videoId)).join(', ')}${refused.length > 10 ? ` and ${refused.length - 10} more` : ''}.`

const skippedNote = (ids: string[]) =>
  `Left as ${ids.length === 1 ? 'it was' : 'they were'}: ${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ` and ${ids.length - 10} more` : ''} (a manual upload with the same id, or the creator's key moments no longer fit YouTube's new duration: fix them in /cms).`

const messageOf = (error: unknown) => (error instanceof YoutubeError ? error.message : 'The sync stopped on an unexpected error; nothing was changed. The server log has the details.')

const sameTime = (a: string | null | undefined, b: string) => Boolean(a) && Date.parse(String(a)) === Date.parse(b)

/** The YouTube-owned fields that differ from the row (a creator's own fields are never in here). */
function changes(row: Existing, video: YoutubeVideoFields, channelId: string): Partial<Video> {
  const data: Partial<Video> = {}
  if (row.title !== video.title) data.title = video.title
  if ((row.description ?? '') !== video.description) data.description = video.description
  if (!sameTime(row.publishedAt, video.publishedAt)) data.publishedAt = video.publishedAt
  if (video.thumbnailUrl && row.thumbnailUrl !== video.thumbnailUrl) data.thumbnailUrl = video.thumbnailUrl
  if (video.duration && row.duration !== video.duration) data.duration = video.duration
  if (row.youtubeChannelId !== channelId) data.youtubeChannelId = channelId
  if (row.youtubeRemovedAt) data.youtubeRemovedAt = null
  return data
}

/** Whether the creator's key moments still fit the duration the row will have (the collection refuses them otherwise). */
const keyMomentsFit = (row: Existing, duration: string | null | undefined) => !row.keyMoments?.length || keyMomentErrors(row.keyMoments, duration) === null

async function writeVideos(payload: Payload, req: PayloadRequest, db: Db, channel: ChannelInfo, videos: YoutubeVideoFields[], refused: RefusedVideo[], now: Date): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { channel, imported: 0, created: 0, updated: 0, removed: 0, total: videos.length + refused.length, skipped: [], refused }
  const byId = new Map<string, Existing>()
  for (const batch of batches(videos.map((v) => v.videoId), 500)) {
    const found = await payload.find({ collection: 'videos', where: { videoId: { in: batch } }, select: EXISTING_SELECT, pagination: false, depth: 0, joins: false, overrideAccess: true, req })
    for (const doc of found.docs as Existing[]) byId.set(doc.videoId, doc)
  }
  // The job and the endpoints have checked who asked (admins) or run for the server: overrideAccess.
  const write = { req, overrideAccess: true, depth: 0, context: { youtubeSync: true } } as const
  for (const video of videos) {
    const row = byId.get(video.videoId)
    if (!row) {
      await payload.create({
        collection: 'videos',
        data: { ...video, source: 'youtube', youtubeChannelId: channel.id, youtubeViewCount: video.viewCount, thumbnailUrl: video.thumbnailUrl ?? undefined, duration: video.duration ?? undefined },
        ...write,
      })
      outcome.created++
      continue
    }
    const data = changes(row, video, channel.id)
    // A manual upload with the same id, or a creator's key moment past a shortened video: keep the row as it is.
    if (row.source === 'manual' || !keyMomentsFit(row, data.duration ?? row.duration)) {
      if (row.source !== 'manual') payload.logger.warn({ event: 'youtube_sync_row_skipped', videoId: video.videoId }, 'YouTube sync left a video as it was: its key moments no longer fit')
      outcome.skipped.push(video.videoId)
      continue
    }
    // YouTube's count moves the site's by as much as it moved; the site's own counted views stay.
    // A row that never had YouTube's count (added by hand, then imported) takes the larger of the two.
    const adopted = row.youtubeViewCount === null || row.youtubeViewCount === undefined
    const delta = adopted ? 0 : video.viewCount - Number(row.youtubeViewCount)
    if (row.youtubeViewCount !== video.viewCount) data.youtubeViewCount = video.viewCount
    if (adopted && video.viewCount > (row.viewCount ?? 0)) data.viewCount = video.viewCount
    if (Object.keys(data).length === 0) continue
    await payload.update({ collection: 'videos', id: row.id, data, ...write })
    // After the update (which writes the row it read back): concurrent counted views are kept.
    if (delta !== 0) await db.execute(sql`update videos set view_count = greatest(0, coalesce(view_count, 0) + ${delta}) where id = ${row.id}`)
    outcome.updated++
  }
  outcome.removed = await markRemoved(payload, req, channel.id, new Set(videos.map((v) => v.videoId)), now)
  outcome.imported = outcome.created + outcome.updated
  return outcome
}

/**
 * The channel's videos YouTube no longer shows (deleted, or made private) are not deleted here:
 * they are marked, which hides them from everyone but admins, and come back by themselves if they
 * reappear. Deleting one for good is the creator's call, in /cms.
 */
async function markRemoved(payload: Payload, req: PayloadRequest, channelId: string, present: Set<string>, now: Date): Promise<number> {
  const { docs } = await payload.find({
    collection: 'videos',
    where: { and: [{ youtubeChannelId: { equals: channelId } }, { youtubeRemovedAt: { exists: false } }, { source: { equals: 'youtube' } }] },
    select: { videoId: true },
    pagination: false,
    depth: 0,
    joins: false,
    overrideAccess: true,
    req,
  })
  let removed = 0
  for (const doc of docs) {
    if (present.has(doc.videoId)) continue
    await payload.update({ collection: 'videos', id: doc.id, data: { youtubeRemovedAt: now.toISOString() }, req, overrideAccess: true, depth: 0, context: { youtubeSync: true } })
    removed++
  }
  return removed
}
