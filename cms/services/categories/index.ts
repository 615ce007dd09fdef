// Categories (spec §3 Category; shown as Topics). Terms: README.md.
import { sql, type PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { DEFAULT_CATEGORY_COLOR } from '../../../shared/constants'
import type { CategoryCreateData, CategoryUpdateData } from '../../../shared/schemas/content'
import type { CategorySummary } from '../../../shared/types/content'
import type { Category } from '../../payload-types'
import { cachedFor } from '../cache'
import { deleteOrNotFound, notFound, rowExists } from '../errors'
import { asCaller, assertAdmin, type Caller } from '../posts/admin-only'
import { assertSlugFree, withSlugConflict } from '../posts/slugs'

const CATEGORY_NOT_FOUND = 'Category not found.'

export function toCategorySummary(doc: Category, postCount?: number): CategorySummary {
  return {
    id: doc.id,
    name: doc.name,
    slug: doc.slug,
    color: doc.color || DEFAULT_CATEGORY_COLOR,
    description: doc.description ?? null,
    createdAt: doc.createdAt,
    ...(postCount === undefined ? {} : { postCount }),
  }
}

/** Published posts per category id, in one grouped query. */
async function publishedCounts(payload: Payload): Promise<Map<number, number>> {
  const db = (payload.db as unknown as PostgresAdapter).drizzle
  const { rows } = await db.execute(sql`
    select category_id as id, count(*)::int as total from posts
    where status = 'published' and category_id is not null group by category_id`)
  return new Map((rows as { id: number; total: number }[]).map((row) => [Number(row.id), Number(row.total)]))
}

/** Every category in the order they were made; `withPostCount` adds postCount (published posts only). */
export async function listCategories(
  payload: Payload,
  { user = null, withPostCount = false }: { user?: Caller; withPostCount?: boolean } = {},
): Promise<CategorySummary[]> {
  return cachedFor(user, ['categories:list', withPostCount], async () => {
    const [{ docs }, counts] = await Promise.all([
      payload.find({ collection: 'categories', sort: ['createdAt', 'id'], pagination: false, depth: 0, ...asCaller(user) }),
      withPostCount ? publishedCounts(payload) : Promise.resolve(null),
    ])
    return docs.map((doc) => toCategorySummary(doc, counts ? (counts.get(doc.id) ?? 0) : undefined))
  })
}

async function findOrThrow(payload: Payload, user: Caller, id: number): Promise<Category> {
  const doc = await payload.findByID({ collection: 'categories', id, depth: 0, disableErrors: true, ...asCaller(user) })
  if (!doc) throw notFound(CATEGORY_NOT_FOUND)
  return doc
}

export async function createCategory(payload: Payload, { user, data }: { user: Caller; data: CategoryCreateData }): Promise<CategorySummary> {
  assertAdmin(user)
  await assertSlugFree(payload, 'categories', data.slug)
  const doc = await withSlugConflict('categories', data.slug, () =>
    payload.create({ collection: 'categories', data, ...asCaller(user) }),
  )
  return toCategorySummary(doc)
}

export async function updateCategory(
  payload: Payload,
  { user, id, data }: { user: Caller; id: number; data: CategoryUpdateData },
): Promise<CategorySummary> {
  assertAdmin(user)
  await findOrThrow(payload, user, id)
  if (data.slug) await assertSlugFree(payload, 'categories', data.slug, id)
  const changes = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined))
  const doc = await withSlugConflict('categories', data.slug, () =>
    payload.update({ collection: 'categories', id, data: changes, ...asCaller(user) }),
  )
  return toCategorySummary(doc)
}

/**
 * Refused with 409 while any post (draft or published) is filed under it: the collection's
 * beforeDelete hook says so (on every path, Payload REST and the admin UI included).
 */
export async function deleteCategory(payload: Payload, { user, id }: { user: Caller; id: number }): Promise<{ id: number }> {
  assertAdmin(user)
  await findOrThrow(payload, user, id)
  await deleteOrNotFound(
    () => payload.delete({ collection: 'categories', id, ...asCaller(user) }),
    () => rowExists(payload, 'categories', id),
    CATEGORY_NOT_FOUND,
  )
  return { id }
}
