import type { Payload, Where } from 'payload'

import { PAGE_SIZES, VIDEO_PAGE } from '../../../shared/constants'
import { MAX_PAGE_LIMIT, totalPagesFor } from '../../../shared/schemas/pagination'
import type { VideoPage, VideoSummary } from '../../../shared/types/content'
import type { User } from '../../payload-types'
import { canOpen, listedVideosWhere } from '../premium-gate'
import { getCatalog, itemKey } from '../recommendations/catalog'
import { similarItems } from '../recommendations/similar'
import { cachedGated } from '../premium-gate/cache'
import { SUMMARY_SELECT, toVideoSummary, type SummaryDoc } from './mappers'

export type Viewer = User | null | undefined

/** Newest first; the id breaks ties so pages never overlap or skip a video. */
export const NEWEST_FIRST = ['-publishedAt', '-id']

const clampInt = (n: number | undefined, fallback: number, min: number, max: number) =>
  Number.isFinite(n) ? Math.min(max, Math.max(min, Math.trunc(n as number))) : fallback

/**
 * Lists show only listed videos (public, published by now, playing: listedVideosWhere), to admins
 * too, who reach the others through their link and /admin's video list: the home page's Latest
 * Video is never a blank, unlisted or scheduled one.
 */
async function findSummaries(payload: Payload, user: Viewer, { where, page = 1, limit }: { where?: Where; page?: number; limit: number }) {
  const listed = listedVideosWhere()
  const result = await payload.find({
    collection: 'videos',
    where: where ? { and: [listed, where] } : listed,
    sort: NEWEST_FIRST,
    page,
    limit,
    depth: 0,
    select: SUMMARY_SELECT,
    joins: false,
    user,
    overrideAccess: false,
  })
  return { docs: (result.docs as SummaryDoc[]).map(toVideoSummary), totalDocs: result.totalDocs }
}

/**
 * One page of the video list, newest first (GET /api/videos, /vlog, the home page).
 * Out-of-range input is clamped (page >= 1, 1 <= limit <= 100); a page past the end is empty.
 */
export async function listVideos(
  payload: Payload,
  { user, page, limit }: { user?: Viewer; page?: number; limit?: number } = {},
): Promise<VideoPage> {
  const safeLimit = clampInt(limit, PAGE_SIZES.videos, 1, MAX_PAGE_LIMIT)
  const safePage = clampInt(page, 1, 1, Number.MAX_SAFE_INTEGER)
  return cachedGated(payload, user, ['videos:list', safePage, safeLimit], async () => {
    const { docs, totalDocs } = await findSummaries(payload, user, { page: safePage, limit: safeLimit })
    return { videos: docs, page: safePage, limit: safeLimit, totalPages: totalPagesFor(totalDocs, safeLimit), totalDocs }
  })
}

/**
 * The catalogue's videos most like `videoDocId` (recommendations/similar.ts: shared tags first, a
 * little popularity, varied), only those that share at least one tag with it: with nothing in
 * common the similar list is the popular one, and the page falls back to the newest instead.
 */
async function relatedVideoIds(payload: Payload, videoDocId: number, limit: number): Promise<number[]> {
  const catalog = await getCatalog(payload)
  const self = catalog.byKey.get(itemKey('video', videoDocId))
  if (!self || self.tags.size === 0) return []
  const unrelated = new Set<string>()
  for (const item of catalog.items) {
    if (item.type !== 'video') continue
    let shares = false
    for (const tag of item.tags.keys()) if (self.tags.has(tag)) shares = true
    if (!shares) unrelated.add(item.key)
  }
  const similar = await similarItems(payload, { type: 'video', id: videoDocId, limit, only: 'video', exclude: unrelated })
  return similar.map((item) => item.id)
}

/**
 * 'Recommended Videos' on a video page: the videos most like this one, in the recommender's order,
 * read for `user` as every list is (the Videos read rule, playable ones only); topped up with the
 * newest others when fewer than `limit` share a tag with it. Per video, never per member, so the
 * page stays one kept copy per audience.
 */
export async function recommendedVideos(
  payload: Payload,
  { user, video, limit = VIDEO_PAGE.recommended }: { user?: Viewer; video: { id: number; videoId: string }; limit?: number },
): Promise<VideoSummary[]> {
  const related = await relatedVideoIds(payload, video.id, limit)
  const found = related.length === 0 ? [] : (await findSummaries(payload, user, { where: { id: { in: related } }, limit: related.length })).docs
  const byId = new Map(found.map((summary) => [summary.id, summary]))
  const list = related.flatMap((id) => byId.get(id) ?? [])
  if (list.length >= limit) return list
  const others: Where[] = [{ videoId: { not_equals: video.videoId } }]
  if (list.length > 0) others.push({ id: { not_in: list.map((summary) => summary.id) } })
  const newest = await findSummaries(payload, user, { where: { and: others }, limit: limit - list.length })
  return [...list, ...newest.docs]
}

/**
 * 'Up Next' and auto-play: the video after `current` in the list (the next older one); after the
 * oldest, the list starts again at the newest. Null only when there is no other video.
 */
export async function nextVideo(
  payload: Payload,
  { user, current }: { user?: Viewer; current: Pick<VideoSummary, 'id' | 'videoId' | 'publishedAt'> },
): Promise<VideoSummary | null> {
  const older: Where = {
    or: [
      { publishedAt: { less_than: current.publishedAt } },
      { and: [{ publishedAt: { equals: current.publishedAt } }, { id: { less_than: current.id } }] },
    ],
  }
  const after = await findSummaries(payload, user, { where: older, limit: 1 })
  if (after.docs[0]) return after.docs[0]
  const first = await findSummaries(payload, user, { where: { videoId: { not_equals: current.videoId } }, limit: 1 })
  return first.docs[0] ?? null
}

/** How many videos auto-play looks through, each way round the list, for one the viewer can play. */
const AUTOPLAY_LOOKAHEAD = 50

/**
 * Auto-play's target (SPEC §4): like nextVideo, the next older video, round to the newest after
 * the oldest, but never one the premium gate keeps `user` from playing (premium, uncut, early
 * access): those are skipped. Null when none of the videos looked at can be played.
 */
export async function nextPlayableVideo(
  payload: Payload,
  { user, current, now = new Date() }: { user?: Viewer; current: Pick<VideoSummary, 'id' | 'videoId' | 'publishedAt'>; now?: Date },
): Promise<VideoSummary | null> {
  const older: Where = {
    or: [
      { publishedAt: { less_than: current.publishedAt } },
      { and: [{ publishedAt: { equals: current.publishedAt } }, { id: { less_than: current.id } }] },
    ],
  }
  const playable = (docs: VideoSummary[]) => docs.find((video) => video.videoId !== current.videoId && canOpen(user, video, now)) ?? null
  const after = await findSummaries(payload, user, { where: older, limit: AUTOPLAY_LOOKAHEAD })
  const found = playable(after.docs)
  if (found) return found
  const first = await findSummaries(payload, user, { where: { videoId: { not_equals: current.videoId } }, limit: AUTOPLAY_LOOKAHEAD })
  return playable(first.docs)
}
