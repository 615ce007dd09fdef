import type { Payload } from 'payload'
import { RateLimiterRes } from 'rate-limiter-flexible'

import { limiterFor, storeKey, type CounterSpec } from './store'

/**
 * Fixed-window request counters per action and key (an IP or an account), kept in PostgreSQL
 * (store.ts) so every server process on one database counts against the same windows.
 */
export type RateLimitRule = { name: string; limit: number; windowMs: number }

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number }

const counterOf = (rule: RateLimitRule): CounterSpec => ({ name: rule.name, points: rule.limit, durationSeconds: Math.max(1, Math.ceil(rule.windowMs / 1000)) })

const toResult = (res: RateLimiterRes, allowed: boolean): RateLimitResult => ({
  allowed,
  remaining: allowed ? res.remainingPoints : 0,
  retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
})

/**
 * Counts one attempt; `allowed` is false once `limit` attempts were made in the window.
 * `payload` gives the shared store; without one (unit tests) this process counts alone.
 */
export async function hit(payload: Payload | null | undefined, rule: RateLimitRule, key: string): Promise<RateLimitResult> {
  try {
    return toResult(await limiterFor(payload, counterOf(rule)).consume(storeKey(key)), true)
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return toResult(refusal, false)
    throw refusal
  }
}

/** Gives back an attempt `hit` counted (one that was not used after all). */
export async function refund(payload: Payload | null | undefined, rule: RateLimitRule, key: string) {
  await limiterFor(payload, counterOf(rule)).reward(storeKey(key))
}

export async function reset(payload: Payload | null | undefined, rule: RateLimitRule, key: string) {
  await limiterFor(payload, counterOf(rule)).delete(storeKey(key))
}

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name])
  return Number.isFinite(value) && value > 0 ? value : fallback
}

/** The limits, overridable per deployment (and raised by the test suites that sign in often). */
export const rules = {
  login: { name: 'login', limit: envNumber('RATE_LIMIT_LOGIN', 10), windowMs: 10 * 60 * 1000 },
  register: { name: 'register', limit: envNumber('RATE_LIMIT_REGISTER', 5), windowMs: 60 * 60 * 1000 },
  // Password reset requests (only when PASSWORD_RESET=true), per IP and per account name.
  forgotPassword: { name: 'forgot-password', limit: envNumber('RATE_LIMIT_FORGOT_PASSWORD', 5), windowMs: 60 * 60 * 1000 },
  forgotPasswordAccount: { name: 'forgot-password-account', limit: envNumber('RATE_LIMIT_FORGOT_PASSWORD', 5), windowMs: 60 * 60 * 1000 },
  // Member interactions, counted per IP and per account (cms/services/comments, profile).
  comment: { name: 'comment', limit: envNumber('RATE_LIMIT_COMMENTS', 5), windowMs: 60 * 1000 },
  commentLike: { name: 'comment-like', limit: envNumber('RATE_LIMIT_COMMENT_LIKES', 30), windowMs: 60 * 1000 },
  commentReaction: { name: 'comment-reaction', limit: envNumber('RATE_LIMIT_COMMENT_REACTIONS', 30), windowMs: 60 * 1000 },
  commentVote: { name: 'comment-vote', limit: envNumber('RATE_LIMIT_COMMENT_VOTES', 30), windowMs: 60 * 1000 },
  profilePicture: { name: 'profile-picture', limit: envNumber('RATE_LIMIT_PROFILE_PICTURE', 10), windowMs: 10 * 60 * 1000 },
  // Points (cms/services/points), per account: player progress beats (one every ~10 s while
  // playing), award claims, and time-zone changes (a new zone must not mint extra login days).
  videoProgress: { name: 'video-progress', limit: envNumber('RATE_LIMIT_VIDEO_PROGRESS', 30), windowMs: 60 * 1000 },
  pointsAward: { name: 'points-award', limit: envNumber('RATE_LIMIT_POINTS_AWARD', 30), windowMs: 60 * 1000 },
  // For You (cms/services/recommendations), per account: moods and generations (each scores the
  // whole catalogue), and feedback / viewed marks.
  recommendations: { name: 'recommendations', limit: envNumber('RATE_LIMIT_RECOMMENDATIONS', 30), windowMs: 60 * 1000 },
  recommendationFeedback: { name: 'recommendation-feedback', limit: envNumber('RATE_LIMIT_RECOMMENDATION_FEEDBACK', 120), windowMs: 60 * 1000 },
  timeZone: { name: 'time-zone', limit: envNumber('RATE_LIMIT_TIME_ZONE', 3), windowMs: 24 * 60 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>

export const tooManyAttemptsMessage = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60)
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`
}
