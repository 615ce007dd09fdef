// What the For You page reads from the recommendations API (SPEC §3 User mood, Recommendation).
import type { BookmarkContentType, Mood, RecommendationFeedback, RECOMMENDATION_TYPES } from '../../../shared/constants'

export interface UserMood {
  id: number | string
  userId: number | string
  mood: Mood
  intensity: number
  context: string | null
  createdAt: string
}

export interface RecommendedVideo {
  videoId: string
  title: string
  thumbnailUrl: string | null
  duration: string | null
  publishedAt: string | null
  viewCount: number | null
  isPremium: boolean
}

export interface RecommendedPost {
  id: number | string
  slug: string
  title: string
  excerpt: string | null
  readTime: number | null
  createdAt: string
  featuredImageUrl: string | null
}

export interface Recommendation {
  id: number | string
  userId: number | string
  contentType: BookmarkContentType
  contentId: string
  recommendationType: (typeof RECOMMENDATION_TYPES)[number]
  score: number
  reason: string
  moodContext: Mood | null
  isViewed: boolean
  isInteracted: boolean
  feedback: RecommendationFeedback | null
  expiresAt: string | null
  createdAt: string
  /** The item's page: /video/{videoId} or /post/{slug}. */
  url: string
  video?: RecommendedVideo | null
  blogPost?: RecommendedPost | null
}
