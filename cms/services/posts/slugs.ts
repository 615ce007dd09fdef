import type { Payload, PayloadRequest } from 'payload'
import { ValidationError } from 'payload'

import { conflict } from '../errors'

type SluggedCollection = 'posts' | 'categories'

const NOUN: Record<SluggedCollection, string> = { posts: 'post', categories: 'category' }

export const slugTaken = (collection: SluggedCollection, slug: string) =>
  conflict(`A ${NOUN[collection]} with the slug "${slug}" already exists.`)

/**
 * 409 when another row already uses `slug`. Checked across drafts too (overrideAccess: the
 * caller is an admin, checked before; a visitor could never write).
 */
export async function assertSlugFree(
  payload: Payload,
  collection: SluggedCollection,
  slug: string,
  exceptId?: number,
  req?: Partial<PayloadRequest>,
): Promise<void> {
  const { totalDocs } = await payload.count({
    collection,
    where: exceptId ? { and: [{ slug: { equals: slug } }, { id: { not_equals: exceptId } }] } : { slug: { equals: slug } },
    overrideAccess: true,
    req,
  })
  if (totalDocs > 0) throw slugTaken(collection, slug)
}

/** Two admins racing for one slug: the unique index decides, and the loser gets the same 409. */
export async function withSlugConflict<T>(collection: SluggedCollection, slug: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const fields = error instanceof ValidationError ? (error.data?.errors ?? []) : []
    if (slug && fields.some((e) => e.path === 'slug' && /unique/i.test(e.message))) throw slugTaken(collection, slug)
    throw error
  }
}
