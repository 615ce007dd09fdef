/**
 * JSON shapes of the member-interaction API (SPEC §3, §7): comments, bookmarks, public profiles.
 * Shared by the services that build them, the endpoints that return them and the islands.
 */
import type { BookmarkContentType } from '../constants'

export type CommentVote = 'up' | 'down'

export type ReactionCount = { emoji: string; count: number; mine: boolean }

/** One comment as the viewer may see it. `authorEmail` is present for admins only. */
export type CommentView = {
  id: number
  videoId: string
  /** The member account that wrote it; null for a visitor's comment. */
  authorId: number | null
  authorName: string
  authorIsAdmin: boolean
  authorIsPremium: boolean
  content: string
  createdAt: string
  likeCount: number
  likedByMe: boolean
  reactions: ReactionCount[]
  /** Up and down votes (one per member, cms/services/comments/votes.ts) and the viewer's own. */
  upCount: number
  downCount: number
  myVote: CommentVote | null
  /** The top-level comment it answers; null for a top-level comment. */
  parentId: number | null
  /** Replies of a top-level comment, oldest first (always empty on a reply: one level deep). */
  replies: CommentView[]
  /** Whether the viewer may delete it (admin, moderator or its author); the server checks again. */
  canDelete: boolean
  authorEmail?: string | null
}

/** GET /api/videos/{id}/comments: newest first. */
export type CommentPage = {
  comments: CommentView[]
  /** Top-level comments (what the pages count). */
  totalDocs: number
  /** Every comment of the video, replies included: the count shown in the heading, header and Engagement. */
  commentCount: number
  page: number
  limit: number
  totalPages: number
  /** Set when the reader cannot play the video (the premium gate): its comments are withheld, the list is empty. */
  locked?: 'premium' | 'early-access'
}

/** POST /api/comments/{id}/like */
export type LikeResult = { commentId: number; liked: true; likeCount: number }

/** POST /api/comments/{id}/vote */
export type VoteResult = { commentId: number; myVote: CommentVote | null; upCount: number; downCount: number }

/** POST /api/comments/{id}/reactions */
export type ReactionResult = { commentId: number; emoji: string; reacted: boolean; reactions: ReactionCount[] }

/** A saved item (SPEC §3 Bookmark). contentId is a video's videoId or a post's slug. */
export type BookmarkView = {
  id: number
  userId: number
  contentType: BookmarkContentType
  contentId: string
  title: string
  thumbnailUrl: string | null
  createdAt: string
}

/** GET /api/profile/{userId}: public fields only (never email, date of birth or payment ids). */
export type PublicProfile = {
  id: number
  username: string
  memberNumber: number | null
  /** Stored badge codes plus the ones that follow from the account (premium, moderator). */
  badges: string[]
  isPremium: boolean
  isModerator: boolean
  isAdmin: boolean
  level: number
  points: number
  /** URL of the 512 px picture, or null (pages draw a generated avatar). */
  profilePicture: string | null
  bio: string | null
  location: string | null
  website: string | null
  createdAt: string
}
