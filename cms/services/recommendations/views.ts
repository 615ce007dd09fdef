// Recommendation rows → the API's JSON, with each item read for the member through the Local API
// (their access, overrideAccess false) and held against the one gating rule at read time, so a
// list never shows what the member cannot open now, whatever was true when it was made.
import type { Payload } from 'payload'

import type { Mood, RecommendationFeedback } from '../../../shared/constants'
import type { VideoSummary } from '../../../shared/types/content'
import type { RecommendationType, RecommendationView, RecommendedPost } from '../../../shared/types/recommendations'
import type { User } from '../../payload-types'
import { SUMMARY_SELECT as POST_SUMMARY_SELECT, toPostSummary } from '../posts/serialize'
import { canOpen, listedVideosWhere } from '../premium-gate'
import { SUMMARY_SELECT as VIDEO_SUMMARY_SELECT, toVideoSummary } from '../videos/mappers'

export type RecommendationRow = {
  id: number
  user_id: number
  content_type: 'video' | 'blog_post'
  video_id: number | null
  post_id: number | null
  recommendation_type: RecommendationType
  score: number | string
  reason: string
  mood_context: Mood | null
  is_viewed: boolean | null
  is_interacted: boolean | null
  feedback: RecommendationFeedback | null
  expires_at: Date | string
  created_at: Date | string
}

export const ROW_COLUMNS = 'id, user_id, content_type, video_id, post_id, recommendation_type, score, reason, mood_context, is_viewed, is_interacted, feedback, expires_at, created_at'

const iso = (value: Date | string) => new Date(value).toISOString()

/** A card-sized copy of the featured image (a list shows it small). */
const cardImage = (post: ReturnType<typeof toPostSummary>) =>
  post.featuredImageSet ? (post.featuredImageSet.candidates.find((c) => c.width >= 400)?.url ?? post.featuredImageSet.src) : post.featuredImage

export async function toViews(payload: Payload, user: User, rows: readonly RecommendationRow[]): Promise<RecommendationView[]> {
  const videoIds = rows.flatMap((r) => (r.video_id === null ? [] : [r.video_id]))
  const postIds = rows.flatMap((r) => (r.post_id === null ? [] : [r.post_id]))
  const now = new Date()
  const [videos, posts] = await Promise.all([
    videoIds.length === 0 ? [] : payload.find({ collection: 'videos', where: { and: [{ id: { in: videoIds } }, listedVideosWhere(now)] }, select: VIDEO_SUMMARY_SELECT, depth: 0, limit: videoIds.length, pagination: false, user, overrideAccess: false }).then((r) => r.docs),
    postIds.length === 0 ? [] : payload.find({ collection: 'posts', where: { id: { in: postIds }, status: { equals: 'published' } }, select: POST_SUMMARY_SELECT, depth: 1, limit: postIds.length, pagination: false, user, overrideAccess: false }).then((r) => r.docs),
  ])
  const videoById = new Map(videos.filter((doc) => canOpen(user, doc, now)).map((doc) => [doc.id, toVideoSummary(doc as Parameters<typeof toVideoSummary>[0])]))
  const postById = new Map(posts.filter((doc) => canOpen(user, doc, now)).map((doc) => [doc.id, toPostSummary(doc as Parameters<typeof toPostSummary>[0])]))
  const views: RecommendationView[] = []
  for (const row of rows) {
    const base = {
      id: row.id,
      userId: row.user_id,
      contentType: row.content_type,
      recommendationType: row.recommendation_type,
      score: Math.round(Number(row.score) * 1000) / 1000,
      reason: row.reason,
      moodContext: row.mood_context,
      isViewed: Boolean(row.is_viewed),
      isInteracted: Boolean(row.is_interacted),
      feedback: row.feedback,
      expiresAt: iso(row.expires_at),
      createdAt: iso(row.created_at),
    }
    const video: VideoSummary | undefined = row.video_id === null ? undefined : videoById.get(row.video_id)
    if (video) {
      views.push({ ...base, contentId: video.videoId, url: `/video/${encodeURIComponent(video.videoId)}`, video })
      continue
    }
    const post = row.post_id === null ? undefined : postById.get(row.post_id)
    if (post) {
      const blogPost: RecommendedPost = { id: post.id, slug: post.slug, title: post.title, excerpt: post.excerpt, readTime: post.readTime, createdAt: post.createdAt, featuredImageUrl: cardImage(post) }
      views.push({ ...base, contentId: post.slug, url: `/post/${encodeURIComponent(post.slug)}`, blogPost })
    }
  }
  return views
}
