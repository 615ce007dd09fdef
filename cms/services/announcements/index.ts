import type { Payload } from 'payload'

import type { AnnouncementCreateData, AnnouncementUpdateData } from '../../../shared/schemas/content'
import type { Announcement } from '../../../shared/types/content'
import { activeAnnouncementWhere } from '../../access'
import { userIsAdmin } from '../../access/roles'
import type { Announcement as AnnouncementDoc } from '../../payload-types'
import { cachedFor } from '../cache'
import { notFound } from '../errors'
import { asCaller, assertAdmin, type Caller } from '../posts/admin-only'

/** Active: switched on, and no expiry or an expiry still ahead (spec §4). */
export const activeWhere = activeAnnouncementWhere

export function toAnnouncement(doc: AnnouncementDoc): Announcement {
  return {
    id: doc.id,
    title: doc.title,
    content: doc.content,
    type: doc.type,
    isActive: doc.isActive !== false,
    expiresAt: doc.expiresAt ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  }
}

/**
 * Newest first. `activeOnly` gives the banner's list; without it admins get every announcement
 * and everyone else still only the active ones. Cached (cms/services/cache) unless a `now` is
 * given; a cached list leaves the cache when the first of its announcements expires.
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
  return cachedFor(user, ['announcements:list', onlyActive], load, { expiresAt: firstExpiry })
}

/** When the first of these announcements stops being active on its own (epoch ms), if ever. */
export function firstExpiry(announcements: readonly Announcement[]): number | null {
  const times = announcements.map((a) => (a.expiresAt ? Date.parse(a.expiresAt) : Number.NaN)).filter((t) => Number.isFinite(t))
  return times.length ? Math.min(...times) : null
}

export async function createAnnouncement(payload: Payload, { user, data }: { user: Caller; data: AnnouncementCreateData }): Promise<Announcement> {
  assertAdmin(user)
  const doc = await payload.create({ collection: 'announcements', data: { ...data, expiresAt: data.expiresAt ?? null }, ...asCaller(user) })
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
