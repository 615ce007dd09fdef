// Awards the server gives from the event itself, called by the services that own those events,
// inside their transactions.
import type { Payload, PayloadRequest } from 'payload'

import { dayIn } from '../../../shared/time-zones'
import type { PointsAward } from '../../../shared/types/points'
import { awardPoints, NO_AWARD, revokeAward } from './award'
import { pointsTimeZone, systemClock } from './clock'
import { awardKeys } from './keys'
import { inMemberTransaction } from '../db/member-transaction'

type Member = { id: number; timeZone?: string | null }

/** Adds up awards made for one event (comment_post and first_comment). */
export function combineAwards(...awards: PointsAward[]): PointsAward {
  const levelUp = awards.some((a) => a.levelUp)
  return {
    pointsAwarded: awards.reduce((sum, a) => sum + a.pointsAwarded, 0),
    levelUp,
    newLevel: levelUp ? Math.max(...awards.map((a) => a.newLevel ?? 0)) : null,
    achievementUnlocked: awards.find((a) => a.achievementUnlocked)?.achievementUnlocked ?? null,
  }
}

/** A member's comment: comment_post (15) per comment, and first_comment once. */
export async function awardForComment(
  payload: Payload,
  { req, user, commentId, videoId, videoTitle, now }: { req: PayloadRequest; user: Member; commentId: number; videoId: string; videoTitle: string; now?: Date },
): Promise<PointsAward> {
  const content = { contentType: 'video', contentId: videoId, title: videoTitle, req, now, user }
  const comment = await awardPoints(payload, { ...content, activityType: 'comment_post', idempotencyKey: awardKeys.comment(commentId), metadata: { commentId } })
  if (comment.pointsAwarded === 0) return comment
  const first = await awardPoints(payload, { ...content, activityType: 'first_comment', idempotencyKey: awardKeys.firstComment(user.id), metadata: { commentId } })
  return combineAwards(comment, first)
}

/** A removed comment (by anyone: its author, a moderator, an admin) gives its comment_post points back. */
export const revokeCommentAward = (payload: Payload, { req, commentId, now }: { req: PayloadRequest; commentId: number; now?: Date }) =>
  revokeAward(payload, { idempotencyKey: awardKeys.comment(commentId), reason: 'comment_deleted', req, now })

/** A bookmark: bookmark_add (5) once per member per item ever, and first_bookmark once. */
export async function awardForBookmark(
  payload: Payload,
  { req, user, contentType, contentId, title, now }: { req: PayloadRequest; user: Member; contentType: string; contentId: string; title: string; now?: Date },
): Promise<PointsAward> {
  const content = { contentType, contentId, title, req, now, user }
  const saved = await awardPoints(payload, { ...content, activityType: 'bookmark_add', idempotencyKey: awardKeys.bookmark(user.id, contentType, contentId) })
  if (saved.pointsAwarded === 0) return saved
  const first = await awardPoints(payload, { ...content, activityType: 'first_bookmark', idempotencyKey: awardKeys.firstBookmark(user.id) })
  return combineAwards(saved, first)
}

/** A counted view: video_watch (10) once per member per video per points day. */
export function awardForView(
  payload: Payload,
  { req, user, videoId, videoRowId, title, now = systemClock() }: { req: PayloadRequest; user: Member; videoId: string; videoRowId: number; title: string; now?: Date },
): Promise<PointsAward> {
  const day = dayIn(now, pointsTimeZone())
  return awardPoints(payload, { user, req, now, activityType: 'video_watch', contentType: 'video', contentId: videoId, title, idempotencyKey: awardKeys.videoWatch(user.id, videoRowId, day) })
}

/** A profile edit: profile_update once per day. */
export function awardForProfileUpdate(payload: Payload, { req, user, now = systemClock() }: { req: PayloadRequest; user: Member; now?: Date }) {
  const day = dayIn(now, pointsTimeZone())
  return awardPoints(payload, { user, req, now, activityType: 'profile_update', idempotencyKey: awardKeys.profileUpdate(user.id, day) })
}

/** Age verification: once per member. */
export const awardForAgeVerification = (payload: Payload, { req, user, now }: { req: PayloadRequest; user: Member; now?: Date }) =>
  awardPoints(payload, { user, req, now, activityType: 'age_verification', idempotencyKey: awardKeys.ageVerification(user.id) })

/** Registration: community_join once per member. */
export const awardForJoining = (payload: Payload, { req, user, now }: { req: PayloadRequest; user: Member; now?: Date }) =>
  awardPoints(payload, { user, req, now, activityType: 'community_join', idempotencyKey: awardKeys.communityJoin(user.id) })

/**
 * Premium activated: premium_subscription (100) once per subscription id. For the Premium code to
 * call in the transaction that records the subscription (`req`), or on its own (a transaction is opened).
 */
export function awardPremiumSubscription(
  payload: Payload,
  { user, subscriptionId, req, now }: { user: Member; subscriptionId: string; req?: PayloadRequest; now?: Date },
): Promise<PointsAward> {
  if (!subscriptionId) return Promise.resolve(NO_AWARD)
  return inMemberTransaction(
    payload,
    user.id,
    (tx) => awardPoints(payload, { user, req: tx, now, activityType: 'premium_subscription', contentType: 'subscription', contentId: subscriptionId, idempotencyKey: awardKeys.premiumSubscription(subscriptionId) }),
    req,
  )
}
