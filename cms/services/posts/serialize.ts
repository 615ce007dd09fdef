import { DEFAULT_CATEGORY_COLOR } from '../../../shared/constants'
import type { CategoryRef, PostSeo, PostStatus, PostSummary } from '../../../shared/types/content'
import type { Category, Media, Post } from '../../payload-types'
import { toResponsiveImage } from '../media/responsive'

/** Fields a list needs: never the body, never the search text. */
export const SUMMARY_SELECT = {
  title: true,
  slug: true,
  excerpt: true,
  status: true,
  readTime: true,
  category: true,
  featuredImage: true,
  publishedAt: true,
  earlyAccessUntil: true,
  createdAt: true,
  updatedAt: true,
} as const

/** Relations are populated at depth 1; at depth 0 they are bare ids. */
type Related<T> = number | T | null | undefined

export function toCategoryRef(category: Related<Category>): CategoryRef | null {
  if (!category || typeof category !== 'object') return null
  return { id: category.id, name: category.name, slug: category.slug, color: category.color || DEFAULT_CATEGORY_COLOR }
}

const relationId = (value: Related<{ id: number }>): number | null =>
  value === null || value === undefined ? null : typeof value === 'object' ? value.id : value

const mediaUrl = (value: Related<Media>) => (value && typeof value === 'object' ? (value.url ?? null) : null)

export function toPostSummary(doc: Pick<Post, 'id' | 'title' | 'slug' | 'createdAt' | 'updatedAt'> & Partial<Post>): PostSummary {
  const image = doc.featuredImage as Related<Media>
  return {
    id: doc.id,
    // A draft opened in /cms has neither until its title is typed.
    title: doc.title ?? '',
    slug: doc.slug ?? '',
    excerpt: doc.excerpt ?? null,
    status: (doc.status ?? 'draft') as PostStatus,
    readTime: doc.readTime ?? null,
    categoryId: relationId(doc.category as Related<Category>),
    category: toCategoryRef(doc.category as Related<Category>),
    featuredImage: mediaUrl(image),
    featuredImageSet: toResponsiveImage(image),
    publishedAt: doc.publishedAt ?? null,
    earlyAccessUntil: doc.earlyAccessUntil ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  }
}

/** The meta fields a post's page head uses (populated at depth 1); empty text is no value. */
export function toPostSeo(doc: Pick<Post, 'meta'>): PostSeo {
  const meta = doc.meta ?? {}
  return {
    title: meta.title?.trim() || null,
    description: meta.description?.trim() || null,
    image: mediaUrl(meta.image as Related<Media>),
  }
}
