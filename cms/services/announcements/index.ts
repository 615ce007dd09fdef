import type { Payload } from 'payload'

import type { AnnouncementCreateData, AnnouncementUpdateData } from '../../../shared/schemas/content'
import type { Announcement } from '../../../shared/types/content'
import { activeAnnouncementWhere } from '../../access'
import { userIsAdmin } from '../../access/roles'
import type { Announcement as AnnouncementDoc } from '../../payload-types'
import { cachedFor } from '../cache'
import { notFound } from '../errors'
import { asCaller, assertAdmin, type Caller } from '../posts/admin-only'

/** Active: switched on, started (no start time or one passed), and no expiry or an expiry still ahead (spec §4). */
export const activeWhere = activeAnnouncementWhere

export function toAnnouncement(doc: AnnouncementDoc): Announcement {
  return {
    id: doc.id,
    title: doc.title,
    content: doc.content,
    type: doc.type,
    isActive: doc.isActive !== false,
    startsAt: doc.startsAt ?? null,
    expiresAt: doc.expiresAt ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  }
}

/**
 * Newest first. `activeOnly` gives the banner's list; without it admins get every announcement
 * and everyone else still only the active ones. Cached (cms/services/cache) unless a `now` is
 * given; a cached list leaves the cache when the first of its announcements expires or the next
 * scheduled one starts.
 */
export async function listAnnouncements(
  payload: Payload,
  { user = null, activeOnly = false, now }: { user?: Caller; activeOnly?: boolean; now?: Date } = {},
): Promise<Announcement[]> {
  const onlyActive = activeOnly || !userIsAdmin(user)
  const load = async () => {
    const { docs } = await payload.find({
      collection: 'announcements',
      where: onlyActive ? activeWhere(now ?? new Date()) : {},
      sort: ['-createdAt', '-id'],
      pagination: false,
      depth: 0,
      ...asCaller(user),
    })
    return docs.map(toAnnouncement)
  }
  if (now) return load()
  const loadWithNextStart = async () => {
    const at = new Date()
    const [list, nextStart] = await Promise.all([load(), onlyActive ? nextScheduledStart(payload, at) : null])
    return { list, nextStart }
  }
  const { list } = await cachedFor(user, ['announcements:list', onlyActive], loadWithNextStart, {
    expiresAt: ({ list, nextStart }) => earliest([firstExpiry(list), nextStart]),
  })
  return list
}

/** When the next switched-on announcement that has not started yet starts (epoch ms), if any. */
async function nextScheduledStart(payload: Payload, now: Date): Promise<number | null> {
  // Only the time is read, never the announcement itself, so the reader's access does not apply.
  const { docs } = await payload.find({
    collection: 'announcements',
    where: { and: [{ isActive: { equals: true } }, { startsAt: { greater_than: now.toISOString() } }] },
    sort: 'startsAt',
    limit: 1,
    pagination: false,
    depth: 0,
    select: { startsAt: true },
    overrideAccess: true,
  })
  return docs[0]?.startsAt ? Date.parse(docs[0].startsAt) : null
}

const earliest = (times: readonly (number | null)[]): number | null => {
  const finite = times.filter((t): t is number => t !== null && Number.isFinite(t))
  return finite.length ? Math.min(...finite) : null
}

/** When the first of these announcements stops being active on its own (epoch ms), if ever. */
export function firstExpiry(announcements: readonly Announcement[]): number | null {
  return earliest(announcements.map((a) => (a.expiresAt ? Date.parse(a.expiresAt) : null)))
}

export async function createAnnouncement(payload: Payload, { user, data }: { user: Caller; data: AnnouncementCreateData }): Promise<Announcement> {
  assertAdmin(user)
  const doc = await payload.create({ collection: 'announcements', data: { ...data, startsAt: data.startsAt ?? null, expiresAt: data.expiresAt ?? null }, ...asCaller(user) })
  return toAnnouncement(doc)
}

/** A body of `{ isActive }` alone is the admin panel's eye button (spec §2). */
export async function updateAnnouncement(
  payload: Payload,
  { user, id, data }: { user: Caller; id: number; data: AnnouncementUpdateData },
): Promise<Announcement> {
  assertAdmin(user)
  await findOrThrow(payload, user, id)
  const changes = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined))
  const doc = await payload.update({ collection: 'announcements', id, data: changes, ...asCaller(user) })
  return toAnnouncement(doc)
}

export async function deleteAnnouncement(payload: Payload, { user, id }: { user: Caller; id: number }): Promise<{ id: number }> {
  assertAdmin(user)
  await findOrThrow(payload, user, id)
  await payload.delete({ collection: 'announcements', id, ...asCaller(user) })
  return { id }
}

async function findOrThrow(payload: Payload, user: Caller, id: number) {
  const doc = await payload.findByID({ collection: 'announcements', id, depth: 0, disableErrors: true, ...asCaller(user) })
  if (!doc) throw notFound('Announcement not found.')
  return doc
}
