// A post body rendered for one reader: the documents its internal links point at are looked up
// first (one query per linked collection, with the reader's access), and the highlighter loaded
// when it has a code block; then html.ts's synchronous converters render it.
import type { Payload } from 'payload'

import { asCaller, type Caller } from './admin-only'
import { loadHighlighter } from './code-highlight'
import { internalLinkRef, renderPostHtml, walkNodes, type LinkTargets } from './html'
import type { LexicalContent } from './markdown'

/** The ids each linkable collection is linked to from `content`, and whether it has a code block. */
export function scanPostBody(content: LexicalContent | null | undefined): { linked: Record<'posts' | 'videos' | 'categories', string[]>; hasCode: boolean } {
  const linked = { posts: new Set<string>(), videos: new Set<string>(), categories: new Set<string>() }
  let hasCode = false
  walkNodes(content, (node) => {
    if (node.type === 'link' || node.type === 'autolink') {
      const ref = internalLinkRef(node.fields)
      if (ref && Object.hasOwn(linked, ref.relationTo)) linked[ref.relationTo as keyof typeof linked].add(ref.id)
    } else if (node.type === 'block' && (node.fields as { blockType?: unknown } | undefined)?.blockType === 'Code') {
      hasCode = true
    }
  })
  return { linked: { posts: [...linked.posts], videos: [...linked.videos], categories: [...linked.categories] }, hasCode }
}

/** Postgres ids are integers; anything else in a stored link names no document. */
const numericIds = (ids: string[]) => ids.filter((id) => /^\d{1,15}$/.test(id)).map(Number)

/**
 * Where each linked document lives now, as `user` may see it: published posts only for readers
 * (publishedOrAdmin), so a link to a draft or a deleted post finds nothing and renders as text.
 */
export async function findLinkTargets(payload: Payload, user: Caller, linked: Record<'posts' | 'videos' | 'categories', string[]>): Promise<LinkTargets> {
  const find = async <T extends 'posts' | 'videos' | 'categories'>(collection: T, select: Record<string, true>) => {
    const ids = numericIds(linked[collection])
    if (!ids.length) return []
    const { docs } = await payload.find({
      collection,
      where: { id: { in: ids } },
      select,
      depth: 0,
      limit: ids.length,
      pagination: false,
      ...asCaller(user),
    })
    return docs as unknown as { id: number; slug?: string; videoId?: string }[]
  }
  const [posts, videos, categories] = await Promise.all([
    find('posts', { slug: true }),
    find('videos', { videoId: true }),
    find('categories', { name: true }),
  ])
  return {
    posts: new Map(posts.filter((doc) => doc.slug).map((doc) => [String(doc.id), doc.slug!])),
    videos: new Map(videos.filter((doc) => doc.videoId).map((doc) => [String(doc.id), doc.videoId!])),
    categories: new Set(categories.map((doc) => String(doc.id))),
  }
}

/** The body of a post as `user` reads it on the site: sanitised HTML (html.ts), links resolved for them. */
export async function renderPostBody(payload: Payload, { user, content }: { user: Caller; content: LexicalContent | null | undefined }): Promise<string> {
  const { linked, hasCode } = scanPostBody(content)
  const [links, highlighter] = await Promise.all([findLinkTargets(payload, user, linked), hasCode ? loadHighlighter() : null])
  return renderPostHtml(content, { links, highlighter })
}
