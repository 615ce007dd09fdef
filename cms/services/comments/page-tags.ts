import type { Payload, PayloadRequest } from 'payload'

import { videoTag } from '../cache/clear-log'

/**
 * The tags of the pages that show comments on these videos (cms/services/cache/clear-log.ts): a
 * comment, a like, a reaction or a vote shows on its video's page only (the lists show no comment
 * counts), so a write to one clears that page, not every page. `videos`: the comments' `video`
 * values (an id, or the video itself at depth > 0). Empty when a video cannot be read: the
 * caller then clears everything.
 */
export async function videoPageTags(payload: Payload, videos: unknown[], req?: Partial<PayloadRequest>): Promise<string[]> {
  const tags = new Set<string>()
  for (const video of videos) {
    if (video && typeof video === 'object' && typeof (video as { videoId?: unknown }).videoId === 'string') {
      tags.add(videoTag((video as { videoId: string }).videoId))
      continue
    }
    const id = video && typeof video === 'object' ? (video as { id?: unknown }).id : video
    if (typeof id !== 'number' && typeof id !== 'string') return []
    const found = await payload.findByID({ collection: 'videos', id, depth: 0, select: { videoId: true }, overrideAccess: true, disableErrors: true, req })
    if (!found?.videoId) return []
    tags.add(videoTag(found.videoId))
  }
  return [...tags]
}

/** For the comments collection's cache hooks (clearsItemPages). */
export const commentPageTags = (docs: Record<string, unknown>[], req: PayloadRequest) =>
  videoPageTags(
    req.payload,
    docs.map((doc) => doc.video),
    req,
  )
