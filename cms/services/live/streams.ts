// Live streams for members and for the admin panel (spec §7 Live, Admin live-streams).
// Terms: README.md. Status moves are checked in one place (status.ts), on every door.
import type { Payload, Where } from 'payload'

import type { LiveStreamStatus, StreamPlatform } from '../../../shared/constants'
import { STREAM_DEFAULTS } from '../../../shared/constants'
import { STREAM_EMBED_URL_REQUIRED } from '../../../shared/messages'
import type { LiveStreamCreateData, LiveStreamUpdateData } from '../../../shared/schemas/live'
import type { AdminLiveStream, LiveStream, ObsSettings } from '../../../shared/types/live'
import type { LiveStream as LiveStreamDoc, Video } from '../../payload-types'
import { badRequest, conflict, notFound, unauthorized } from '../errors'
import { assertAdmin, asCaller, type Caller } from '../posts/admin-only'
import { contentCache } from '../cache'
import { canOpen } from '../premium-gate'
import { newStreamKey } from './stream-key'

export const SIGN_IN_TO_WATCH_LIVE = 'Please sign in to watch live streams.'
export const STREAM_NOT_FOUND = 'Stream not found.'
export const END_BEFORE_DELETING = 'End the stream before deleting it.'

/** The gate reads a stream as a premium item when it is premium only (HOUSE rule 13). */
export const gateItemOf = (stream: Pick<LiveStreamDoc, 'isPremiumOnly'>) => ({ isPremium: stream.isPremiumOnly !== false })

/** Whether `user` may watch `stream` now: a signed-in member, and the one gating rule. */
export const mayWatch = (user: Caller, stream: Pick<LiveStreamDoc, 'isPremiumOnly'>, now: Date = new Date()): boolean =>
  Boolean(user) && canOpen(user, gateItemOf(stream), now)

const replayUrlOf = (doc: LiveStreamDoc): string | null => {
  const video = doc.replayVideo
  return video && typeof video === 'object' && (video as Video).videoId ? `/video/${(video as Video).videoId}` : null
}

export function toLiveStream(doc: LiveStreamDoc, user: Caller, now: Date = new Date()): LiveStream {
  const canWatch = mayWatch(user, doc, now)
  // An OBS stream has nothing to play before it is live; a locked stream's address stays hidden.
  const streamUrl = !canWatch || (doc.platform === 'obs' && doc.status !== 'live') ? null : (doc.streamUrl ?? null)
  return {
    id: doc.id,
    title: doc.title,
    description: doc.description ?? null,
    scheduledAt: doc.scheduledStart ?? null,
    actualStart: doc.actualStart ?? null,
    actualEnd: doc.actualEnd ?? null,
    streamUrl,
    status: doc.status,
    isPremium: doc.isPremiumOnly !== false,
    platform: doc.platform,
    thumbnailUrl: doc.thumbnailUrl ?? null,
    viewerCount: doc.status === 'live' ? (doc.viewerCount ?? 0) : 0,
    maxViewers: doc.maxViewers ?? 0,
    canWatch,
    replayUrl: canWatch ? replayUrlOf(doc) : null,
  }
}

export function toAdminLiveStream(doc: LiveStreamDoc, user: Caller): AdminLiveStream {
  const obs = doc.obsSettings ?? {}
  const obsSettings: ObsSettings = {
    resolution: obs.resolution ?? STREAM_DEFAULTS.resolution,
    bitrate: obs.bitrate ?? STREAM_DEFAULTS.bitrateKbps,
    frameRate: Number(obs.frameRate ?? STREAM_DEFAULTS.frameRate),
    encoder: obs.encoder ?? STREAM_DEFAULTS.encoder,
  }
  return {
    ...toLiveStream(doc, user),
    // The admin sees the stored address even before an OBS stream is live.
    streamUrl: doc.streamUrl ?? null,
    obsSettings,
    rtmpUrl: doc.platform === 'obs' ? (doc.rtmpUrl ?? null) : null,
    streamKey: doc.platform === 'obs' ? (doc.streamKey ?? null) : null,
    keepReplay: doc.keepReplay !== false,
    publishing: Boolean(doc.publishing),
  }
}

const RECENT_ENDED = 12

/**
 * GET /api/live-streams: what /live shows a signed-in member. Live streams first, then the
 * scheduled ones (soonest first), then the latest ended ones (their replays).
 */
export async function listLiveStreams(payload: Payload, { user }: { user: Caller }): Promise<LiveStream[]> {
  if (!user) throw unauthorized(SIGN_IN_TO_WATCH_LIVE)
  const now = new Date()
  const find = (where: Where, sort: string, limit = 0) =>
    payload.find({ collection: 'live-streams', where, sort, limit, pagination: limit > 0, depth: 1, ...asCaller(user) }).then((r) => r.docs)
  const [live, scheduled, ended] = await Promise.all([
    find({ status: { equals: 'live' } }, '-actualStart'),
    find({ status: { equals: 'scheduled' } }, 'scheduledStart'),
    find({ status: { equals: 'ended' } }, '-actualEnd', RECENT_ENDED),
  ])
  return [...live, ...scheduled, ...ended].map((doc) => toLiveStream(doc, user, now))
}

/** GET /api/live-streams/upcoming: scheduled streams, soonest first (those without a time last). */
export async function listUpcomingStreams(payload: Payload, { user }: { user: Caller }): Promise<LiveStream[]> {
  // Read for anyone: only titles, times and flags; toLiveStream hides what a caller may not open.
  const { docs } = await payload.find({
    collection: 'live-streams',
    where: { status: { equals: 'scheduled' } },
    sort: 'scheduledStart',
    pagination: false,
    depth: 0,
    overrideAccess: true,
    select: { streamKey: false, rtmpUrl: false, publishing: false, lastPublishEndedAt: false, replayStatus: false },
  })
  const now = new Date()
  return docs.map((doc) => toLiveStream(doc as LiveStreamDoc, user, now))
}

export async function listAdminStreams(payload: Payload, { user }: { user: Caller }): Promise<AdminLiveStream[]> {
  assertAdmin(user)
  const { docs } = await payload.find({ collection: 'live-streams', sort: '-createdAt', pagination: false, depth: 1, ...asCaller(user) })
  const order: Record<LiveStreamStatus, number> = { live: 0, scheduled: 1, ended: 2 }
  return docs.sort((a, b) => order[a.status] - order[b.status]).map((doc) => toAdminLiveStream(doc, user))
}

type SettingsInput = Omit<LiveStreamUpdateData, 'status' | 'title' | 'regenerateKey'>

/** The collection's fields from the API's names (scheduledAt, isPremium) and its own. */
function settingsData(input: SettingsInput, platform: StreamPlatform | undefined): Partial<LiveStreamDoc> {
  const data: Partial<LiveStreamDoc> = {}
  if (input.description !== undefined) data.description = input.description || null
  const scheduled = input.scheduledStart !== undefined ? input.scheduledStart : input.scheduledAt
  if (scheduled !== undefined) data.scheduledStart = scheduled
  if (input.platform !== undefined) data.platform = input.platform
  if (input.streamUrl !== undefined && platform !== 'obs') data.streamUrl = input.streamUrl
  if (input.thumbnailUrl !== undefined) data.thumbnailUrl = input.thumbnailUrl
  const premium = input.isPremiumOnly ?? input.isPremium
  if (premium !== undefined) data.isPremiumOnly = premium
  if (input.keepReplay !== undefined) data.keepReplay = input.keepReplay
  if (input.obsSettings) {
    const { frameRate, ...rest } = input.obsSettings
    data.obsSettings = Object.fromEntries(
      Object.entries({ ...rest, frameRate: frameRate === undefined ? undefined : (String(frameRate) as '60' | '30' | '24') }).filter(([, v]) => v !== undefined),
    )
  }
  return data
}

export async function createStream(payload: Payload, { user, data }: { user: Caller; data: LiveStreamCreateData }): Promise<AdminLiveStream> {
  assertAdmin(user)
  const platform = data.platform ?? STREAM_DEFAULTS.platform
  if (platform !== 'obs' && !data.streamUrl) throw badRequest(STREAM_EMBED_URL_REQUIRED)
  const doc = await payload.create({
    collection: 'live-streams',
    data: { title: data.title, ...settingsData(data, platform), platform, status: 'scheduled', streamKey: newStreamKey() },
    depth: 1,
    ...asCaller(user),
  })
  return toAdminLiveStream(doc, user)
}

export async function findStreamOrThrow(payload: Payload, user: Caller, id: number): Promise<LiveStreamDoc> {
  const doc = await payload.findByID({ collection: 'live-streams', id, depth: 1, disableErrors: true, ...asCaller(user) })
  if (!doc) throw notFound(STREAM_NOT_FOUND)
  return doc
}

/** PATCH /api/admin/live-streams/{id}: a status move (Go Live, End Stream), settings, or a new key. */
export async function updateStream(payload: Payload, { user, id, data }: { user: Caller; id: number; data: LiveStreamUpdateData }): Promise<AdminLiveStream> {
  assertAdmin(user)
  const current = await findStreamOrThrow(payload, user, id)
  const platform = data.platform ?? current.platform
  if (platform !== 'obs' && !(data.streamUrl ?? current.streamUrl)) throw badRequest(STREAM_EMBED_URL_REQUIRED)
  const changes: Partial<LiveStreamDoc> = { ...settingsData(data, platform) }
  if (data.title !== undefined) changes.title = data.title
  if (data.status !== undefined) changes.status = data.status
  if (data.regenerateKey) {
    if (current.status === 'live' && current.publishing) throw conflict('Stop publishing in OBS before you change the stream key.')
    changes.streamKey = newStreamKey()
  }
  const doc = await payload.update({ collection: 'live-streams', id, data: changes, depth: 1, ...asCaller(user) })
  return toAdminLiveStream(doc, user)
}

export async function deleteStream(payload: Payload, { user, id }: { user: Caller; id: number }): Promise<{ id: number }> {
  assertAdmin(user)
  const current = await findStreamOrThrow(payload, user, id)
  if (current.status === 'live') throw conflict(END_BEFORE_DELETING)
  await payload.delete({ collection: 'live-streams', id, ...asCaller(user) })
  return { id }
}

/**
 * The ended stream whose recording is the video `videoId` (its page shows that stream's chat as a
 * replay), or null. Only the id: the chat itself is read, gated, by the chat history endpoint.
 */
export async function streamOfReplay(payload: Payload, videoId: string): Promise<number | null> {
  // Kept with the other content reads: a replay is linked while its video is created and
  // transcoded, and every video write clears the content cache (cms/services/cache).
  return contentCache().get(JSON.stringify(['live:replay-of', videoId]), () => findStreamOfReplay(payload, videoId))
}

async function findStreamOfReplay(payload: Payload, videoId: string): Promise<number | null> {
  // Read for any caller: a stream id says nothing the video page does not; the history endpoint gates the chat.
  const { docs } = await payload.find({
    collection: 'live-streams',
    where: { and: [{ status: { equals: 'ended' } }, { 'replayVideo.videoId': { equals: videoId } }] },
    limit: 1,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    select: { status: true },
  })
  return docs[0]?.id ?? null
}
