/**
 * The JSON shapes of the content API (spec §3, §7), shared by endpoints, pages and islands.
 * Dates are ISO strings. Field names follow the spec.
 */
export type VideoSource = 'youtube' | 'manual'

export type KeyMoment = { timestamp: string; description: string }

/**
 * Why an item is closed to the reader (the premium gate, cms/services/premium-gate): 'premium'
 * (a premium or uncut video) or 'early-access' (until `earlyAccessUntil`); null when it is open.
 */
export type LockReason = 'premium' | 'early-access'

export type VideoSummary = {
  id: number
  videoId: string
  title: string
  thumbnailUrl: string
  publishedAt: string
  duration: string | null
  viewCount: number
  source: VideoSource
  isUncut: boolean
  isPremium: boolean
  /** Until then (ISO instant) only Premium members and admins can watch it; null: no early access. */
  earlyAccessUntil: string | null
}

export type VideoDetail = VideoSummary & {
  description: string | null
  /** The playable file of a manual upload; null for YouTube videos and for callers not allowed to play it. */
  videoUrl: string | null
  /** What keeps this caller from playing it, or null when they can. */
  locked: LockReason | null
  /** Number of comments (spec: Video.comments). */
  comments: number
  tags: string[]
  keywords: string[]
  category: string | null
  createdAt: string
}

export type VideoSeo = {
  videoId: string
  seoTitle: string | null
  seoDescription: string | null
  keywords: string[]
  customDescription: string | null
  tags: string[]
  category: string | null
  targetAudience: string | null
  emotionalTone: string | null
  callToAction: string | null
  timestampedSummary: string | null
  keyMoments: KeyMoment[]
  seoGenerated: boolean
  seoGeneratedAt: string | null
}

export type VideoPage = { videos: VideoSummary[]; page: number; limit: number; totalPages: number; totalDocs: number }

export type CategoryRef = { id: number; name: string; slug: string; color: string }

export type CategorySummary = CategoryRef & { description: string | null; createdAt: string; postCount?: number }

export type PostStatus = 'draft' | 'published'

/** One resized copy of an image (WebP, uncropped). */
export type ImageCandidate = { url: string; width: number; height: number }

/**
 * An image as pages draw it: `src` and its dimensions (the widest resized copy, or the original
 * for an upload made before copies existed), every resized copy narrowest first (the srcset),
 * the alt text and an optional caption.
 */
export type ResponsiveImage = {
  src: string
  width: number | null
  height: number | null
  alt: string
  caption: string | null
  candidates: ImageCandidate[]
  /** CSS object-position for the creator's focal point ('30% 20%'); null at the centre. */
  focalPosition: string | null
}

export type PostSummary = {
  id: number
  title: string
  slug: string
  excerpt: string | null
  status: PostStatus
  readTime: number | null
  categoryId: number | null
  category: CategoryRef | null
  /** The featured image's original URL (og:image, JSON-LD, bookmarks). */
  featuredImage: string | null
  /** The featured image for the page and the cards: resized copies, alt text, caption. */
  featuredImageSet: ResponsiveImage | null
  /** When it was first published (set on first publish, editable to backdate); null for a draft never published. */
  publishedAt: string | null
  /** Until then (ISO instant) only Premium members and admins can read it; null: no early access. */
  earlyAccessUntil: string | null
  createdAt: string
  updatedAt: string
}

/**
 * A post with its body. A post the caller cannot open yet (early access) carries its summary
 * (title, excerpt…), `content: null`, `locked` and the teaser saying when it opens: never the body.
 */
export type PostDetail = PostSummary & {
  /** Markdown, as the admin API reads and writes it; null when the caller cannot open the post. */
  content: string | null
  /** What keeps this caller from reading it, or null when they can. */
  locked: LockReason | null
  /** For a locked post: 'Opens to everyone on …'; null otherwise. */
  teaser: string | null
  /**
   * Admins only: whether `content` carries the whole body, so writing it back changes nothing.
   * False when the body has parts markdown has no form for (an internal link, underline,
   * alignment…): its content is edited in /cms, and a PUT with `content` is refused (409).
   */
  markdownComplete?: boolean
}

/**
 * A post's own search and social metadata (its `meta` fields in /cms), each null when the creator
 * left it empty and the page head uses the title, excerpt or featured image. Only the post page's
 * head reads it; the API's post shapes leave it out.
 */
export type PostSeo = { title: string | null; description: string | null; image: string | null }

export type PostPage = { posts: PostSummary[]; page: number; limit: number; totalPages: number; totalDocs: number }

export type AnnouncementType = 'general' | 'urgent' | 'update' | 'event'

export type Announcement = {
  id: number
  title: string
  content: string
  type: AnnouncementType
  isActive: boolean
  /** When it starts showing (ISO instant); null: as soon as it is active. */
  startsAt: string | null
  expiresAt: string | null
  createdAt: string
  updatedAt: string
}
