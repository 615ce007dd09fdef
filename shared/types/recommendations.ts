// For You's JSON (SPEC §3 User mood, Recommendation; §7 Moods and recommendations).
import type { Mood, RecommendationFeedback } from '../constants'
import type { VideoSummary } from './content'

export type RecommendationType = 'mood_based' | 'trending' | 'similar_content' | 'category_based' | 'personalized'
export type RecommendationContentType = 'video' | 'blog_post'

export type UserMoodView = { id: number; userId: number; mood: Mood; intensity: number; context: string | null; createdAt: string }

/** SPEC §3 "blog post: id, title, excerpt, readTime, createdAt", with what a card needs to link and show it. */
export type RecommendedPost = { id: number; slug: string; title: string; excerpt: string | null; readTime: number | null; createdAt: string; featuredImageUrl: string | null }

export type RecommendationView = {
  id: number
  userId: number
  contentType: RecommendationContentType
  /** The video's videoId or the post's slug (as bookmarks name them). */
  contentId: string
  recommendationType: RecommendationType
  score: number
  reason: string
  moodContext: Mood | null
  isViewed: boolean
  isInteracted: boolean
  feedback: RecommendationFeedback | null
  expiresAt: string
  createdAt: string
  /** The item's page. */
  url: string
  video?: VideoSummary
  blogPost?: RecommendedPost
}

/** POST /api/user/mood */
export type MoodResponse = { mood: UserMoodView; recommendations: RecommendationView[] }
