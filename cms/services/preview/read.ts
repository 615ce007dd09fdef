import type { Payload } from 'payload'

import { userIsAdmin } from '../../access/roles'
import type { Post } from '../../payload-types'
import type { Caller } from '../posts/admin-only'
import { renderPostBody } from '../posts/body'
import { postPlainText, wordCount } from '../posts/html'
import { standfirstOf, type PostPageData } from '../posts/read'
import { toPostSeo, toPostSummary } from '../posts/serialize'
import { createPreviewToken, verifyPreviewToken } from './token'

export type PostPreview =
  | { ok: true; page: PostPageData }
  | { ok: false; status: 403 | 404 | 410; title: string; message: string }

const DENIED = {
  invalid: { ok: false, status: 403, title: 'This preview link is not valid', message: 'The link may be incomplete or altered. Ask the author for a new preview link.' },
  expired: { ok: false, status: 410, title: 'This preview link has expired', message: 'Preview links work for a limited time. Ask the author for a new one.' },
  missing: { ok: false, status: 404, title: 'Nothing to preview', message: 'The post behind this preview link no longer exists.' },
} as const satisfies Record<string, PostPreview>

/** The URL /cms's Preview button opens and the creator can share: the real post page in preview mode. */
export function postPreviewUrl(serverURL: string, post: { id: number; slug?: string | null }): string {
  const slug = post.slug || String(post.id)
  return `${serverURL.replace(/\/$/, '')}/post/${encodeURIComponent(slug)}?preview=${createPreviewToken({ postId: post.id })}`
}

/**
 * The latest version of a post (autosaved draft included) as the post page renders it, for a
 * preview link: a valid token names the post; an admin session may preview without one (by slug,
 * the draft's own). Never cached: the caller sends it `private, no-store` and `noindex`.
 */
export async function getPostPreview(payload: Payload, { user, slug, token }: { user: Caller; slug: string; token: string }): Promise<PostPreview> {
  let doc: Post | null
  if (token) {
    const check = verifyPreviewToken(token)
    if (!check.ok) {
      payload.logger.warn({ reason: check.reason, userId: user?.id ?? null }, 'post preview refused')
      return DENIED[check.reason]
    }
    // The token is the authority here (signed by this server for this post), hence overrideAccess.
    doc = await payload.findByID({ collection: 'posts', id: check.postId, draft: true, depth: 1, disableErrors: true, overrideAccess: true })
  } else if (userIsAdmin(user)) {
    const { docs } = await payload.find({ collection: 'posts', where: { slug: { equals: slug } }, draft: true, depth: 1, limit: 1, pagination: false, user: user ?? undefined, overrideAccess: false })
    doc = docs[0] ?? null
  } else {
    return DENIED.invalid
  }
  if (!doc) return DENIED.missing
  // Rendered as readers will get it: internal links resolved with the reader's access (the viewer's).
  const html = await renderPostBody(payload, { user, content: doc.content })
  // The signed link is the creator's to share: it shows the body even during early access.
  const text = postPlainText(doc.content)
  return { ok: true, page: { post: toPostSummary(doc), seo: toPostSeo(doc), html, wordCount: wordCount(text), locked: null, teaser: null, standfirst: standfirstOf(doc.excerpt, text) } }
}
