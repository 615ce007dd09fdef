// The one gating rule (HOUSE rule 13): who may open a premium, uncut or early-access item.
// Every door (pages, JSON API, media ranges, feeds, sitemap, search, comment lists, /cms/api
// reads, auto-play) asks canOpen / lockReason. Terms: README.md.
import type { LockReason } from '../../../shared/types/content'
import { userIsAdmin } from '../../access/roles'
import { userHasPremium, type PremiumHolder } from './premium'

export { userHasPremium, type PremiumHolder } from './premium'
export type { LockReason }

/** A session user (or a Payload user row); null or undefined for a visitor. */
export type GateUser = (NonNullable<PremiumHolder> & { isAdmin?: boolean | null }) | null | undefined

/** What the rule reads of a post or video. Posts have no premium or uncut flag: only early access. */
export type GateItem = { isPremium?: boolean | null; isUncut?: boolean | null; earlyAccessUntil?: string | Date | null }

const time = (value: string | Date | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null
  const t = new Date(value).getTime()
  return Number.isNaN(t) ? null : t
}

/** Premium-only for good: premium videos and uncut ones (SPEC §6: premium members 'can watch premium and uncut videos'). */
export const isPremiumOnly = (item: GateItem): boolean => Boolean(item.isPremium || item.isUncut)

/**
 * When the item opens to everyone (epoch ms), while it is in early access at `now`; null when it
 * has no early access or it is over. An unreadable date is treated as no early access.
 */
export function earlyAccessEndsAt(item: GateItem, now: Date = new Date()): number | null {
  const until = time(item.earlyAccessUntil)
  return until !== null && until > now.getTime() ? until : null
}

export const isInEarlyAccess = (item: GateItem, now: Date = new Date()): boolean => earlyAccessEndsAt(item, now) !== null

/** Admins and members whose Premium holds at `now` open everything. */
export const opensEverything = (user: GateUser, now: Date = new Date()): boolean => userIsAdmin(user) || userHasPremium(user, now)

/**
 * What closes `item` to `user` at `now`, or null when they may open it. A premium or uncut item
 * says 'premium' even during its early access: it stays closed after that ends.
 */
export function lockReason(user: GateUser, item: GateItem, now: Date = new Date()): LockReason | null {
  if (opensEverything(user, now)) return null
  if (isPremiumOnly(item)) return 'premium'
  if (isInEarlyAccess(item, now)) return 'early-access'
  return null
}

/** Whether `user` may watch or read `item` at `now`: free and not in early access, or an admin or a member whose Premium holds. */
export const canOpen = (user: GateUser, item: GateItem, now: Date = new Date()): boolean => lockReason(user, item, now) === null

/**
 * The next moment (epoch ms) after `now` at which one of `items` opens to everyone, or null.
 * Anything cached from reading these items is stale from then on.
 */
export function nextOpening(items: readonly GateItem[], now: Date = new Date()): number | null {
  let next: number | null = null
  for (const item of items) {
    const at = earlyAccessEndsAt(item, now)
    if (at !== null && (next === null || at < next)) next = at
  }
  return next
}

export { isListed, isPlayable, isPublishedBy, isReadByLink, isViewable, listedVideosSql, listedVideosWhere, playableVideosWhere, viewableVideosWhere, VIDEO_BY_LINK, type PlayableItem, type VisibleItem } from './playable'
