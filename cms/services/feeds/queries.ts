import type { Payload } from 'payload'

import type { Category, Post, Video } from '../../payload-types'
import { SITE_NAME } from '../../../shared/constants'
import { canOpen, listedVideosWhere } from '../premium-gate'
import { cachedGated } from '../premium-gate/cache'
import { getSiteSettings } from '../settings'

/** What the feeds need of a published post. */
export type FeedPost = Pick<Post, 'id' | 'title' | 'slug' | 'excerpt' | 'createdAt' | 'updatedAt'> & {
  /** When it was first published (its createdAt for posts published before publishedAt existed). */
  publishedAt: string
  categoryName: string | null
}

/**
 * What the feeds need of a video; `videoUrl` only when a visitor may play it (the premium gate:
 * not premium, uncut or in early access), and `locked` when a visitor may not.
 */
export type FeedVideo = Pick<Video, 'id' | 'videoId' | 'title' | 'description' | 'thumbnailUrl' | 'duration' | 'viewCount' | 'source' | 'isPremium' | 'publishedAt' | 'updatedAt'> & {
  /** The saved search fields (written by hand or accepted from the SEO bot), null when empty. */
  seoDescription: string | null
  tags: string[]
  videoUrl: string | null
  locked: boolean
}

// Feeds are public documents, the same for every reader: every query below runs as a visitor
// (no user, overrideAccess: false), so access rules keep drafts and premium sources out even
// when an admin's browser asks. Their results are cached as a visitor's (cms/services/cache),
// until the next early-access opening. Posts carry their excerpt, never the body.

/** Published posts, most recently published first; `limit` undefined → all of them. */
export function feedPosts(payload: Payload, { limit }: { limit?: number } = {}): Promise<FeedPost[]> {
  return cachedGated(payload, null, ['feeds:posts', limit ?? null], () => readFeedPosts(payload, limit))
}

async function readFeedPosts(payload: Payload, limit: number | undefined): Promise<FeedPost[]> {
  const result = await payload.find({
    collection: 'posts',
    where: { status: { equals: 'published' } },
    sort: ['-publishedAt', '-id'],
    ...(limit ? { limit } : { pagination: false }),
    depth: 1,
    select: { title: true, slug: true, excerpt: true, publishedAt: true, createdAt: true, updatedAt: true, category: true },
    populate: { categories: { name: true } },
    overrideAccess: false,
  })
  return result.docs.map((doc) => ({
    id: doc.id,
    title: doc.title,
    slug: doc.slug,
    excerpt: doc.excerpt ?? null,
    publishedAt: doc.publishedAt ?? doc.createdAt,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    categoryName: typeof doc.category === 'object' && doc.category ? (doc.category as Category).name : null,
  }))
}

/** Listed videos (public and published by now: never unlisted, private or scheduled ones), newest first; `limit` undefined → all of them. */
export function feedVideos(payload: Payload, { limit }: { limit?: number } = {}): Promise<FeedVideo[]> {
  return cachedGated(payload, null, ['feeds:videos', limit ?? null], () => readFeedVideos(payload, limit))
}

async function readFeedVideos(payload: Payload, limit: number | undefined): Promise<FeedVideo[]> {
  const result = await payload.find({
    collection: 'videos',
    where: listedVideosWhere(),
    sort: ['-publishedAt', '-id'],
    ...(limit ? { limit } : { pagination: false }),
    depth: 0,
    select: {
      videoId: true, title: true, description: true, thumbnailUrl: true, duration: true, viewCount: true,
      source: true, isPremium: true, isUncut: true, earlyAccessUntil: true, publishedAt: true, updatedAt: true, videoUrl: true,
      seoDescription: true, tags: true,
    },
    overrideAccess: false,
  })
  const now = new Date()
  return result.docs.map((doc) => ({
    id: doc.id,
    videoId: doc.videoId,
    title: doc.title,
    description: doc.description ?? null,
    seoDescription: doc.seoDescription || null,
    tags: (doc.tags ?? []).filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== ''),
    thumbnailUrl: doc.thumbnailUrl ?? null,
    duration: doc.duration ?? null,
    viewCount: doc.viewCount ?? 0,
    source: doc.source,
    isPremium: Boolean(doc.isPremium),
    publishedAt: doc.publishedAt,
    updatedAt: doc.updatedAt,
    // Field access already withholds a locked file from a visitor; this is the second lock.
    videoUrl: canOpen(null, doc, now) ? (doc.videoUrl ?? null) : null,
    locked: !canOpen(null, doc, now),
  }))
}

/** The site's display name from the site settings global (public), falling back to the default. */
export async function siteName(payload: Payload): Promise<string> {
  const settings = await getSiteSettings(payload).catch(() => null)
  return settings?.siteName || SITE_NAME
}
