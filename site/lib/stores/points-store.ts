// Points feedback (SPEC §4 Points award and animations): every award a member's own action earned
// (the `award` field of a comment, bookmark, view or profile response, or POST /api/points/award)
// goes through reportAward. The feedback island (site/islands/points/PointsFeedback.tsx) hydrates
// on the first one and plays them; the avatar menu reads the live level from here.
// Vanilla zustand (no React).
import { createStore } from 'zustand/vanilla'

import type { PointActivityType } from '../../../shared/constants'
import type { PointsAward, UnlockedAchievement } from '../../../shared/types/points'
import { queuedFeedbackHeld } from './feedback-hold'
import { AWARD_EVENT, PENDING_AWARDS_KEY, WINDOW_AWARDS } from './points-keys'

/** The animation data of §4: points, activityType, description, newLevel and achievement. */
export type AwardAnimation = {
  id: number
  points: number
  activityType: 'video_watch' | 'video_complete' | 'level_up' | 'achievement_unlock' | 'other'
  description: string
  newLevel: number | null
  achievement: UnlockedAchievement | null
}

type PointsState = {
  /** Awards not yet played by the feedback island, oldest first. */
  pending: AwardAnimation[]
  /** The member's level as the latest award left it (null until an award changes it). */
  level: number | null
  take: () => AwardAnimation[]
}

let counter = 0

export const pointsStore = createStore<PointsState>()((set, get) => ({
  pending: [],
  level: null,
  take: () => {
    const { pending } = get()
    if (pending.length) set({ pending: [] })
    return pending
  },
}))

const ANIMATED_TYPES = new Set(['video_watch', 'video_complete'])

/** Turns a response's award into the animation data (null when nothing was earned). */
export function toAnimation(award: PointsAward | null | undefined, activity: { activityType: PointActivityType; description?: string }): AwardAnimation | null {
  if (!award || !(award.pointsAwarded > 0)) return null
  counter += 1
  return {
    id: counter,
    points: award.pointsAwarded,
    activityType: ANIMATED_TYPES.has(activity.activityType) ? (activity.activityType as 'video_watch' | 'video_complete') : 'other',
    description: activity.description ?? '',
    newLevel: award.levelUp && award.newLevel ? award.newLevel : null,
    achievement: award.achievementUnlocked ?? null,
  }
}

type QueuedAward = { award: PointsAward; activityType: PointActivityType; description?: string }

/**
 * Awards claimed by the member inline script (site/layouts/inline-scripts.ts: blog_read) wait on
 * window until this module is loaded; they are taken on load and on every award event.
 */
function drainWindowAwards() {
  const holder = window as unknown as Record<string, QueuedAward[] | undefined>
  const queued = holder[WINDOW_AWARDS]
  if (!queued?.length) return
  holder[WINDOW_AWARDS] = []
  for (const item of queued) reportAward(item.award, { activityType: item.activityType, description: item.description }, false)
}

/** Reports an award the member's own action earned; nothing happens for none or 0 points. */
export function reportAward(award: PointsAward | null | undefined, activity: { activityType: PointActivityType; description?: string }, announce = true): void {
  const animation = toAnimation(award, activity)
  if (!animation) return
  pointsStore.setState((state) => ({
    pending: [...state.pending, animation],
    level: animation.newLevel ? Math.max(state.level ?? 0, animation.newLevel) : state.level,
  }))
  if (announce && typeof window !== 'undefined') window.dispatchEvent(new Event(AWARD_EVENT))
}

/**
 * An award earned by an action that leaves the page at once (registration, age verification):
 * kept in sessionStorage and played by the next page's feedback island.
 */
export function queueAwardForNextPage(award: PointsAward | null | undefined, activity: { activityType: PointActivityType; description?: string }): void {
  if (!award || !(award.pointsAwarded > 0)) return
  try {
    const queued = readQueuedAwards()
    sessionStorage.setItem(PENDING_AWARDS_KEY, JSON.stringify([...queued, { award, ...activity }]))
  } catch {
    // Storage blocked: the animation is lost; the points are the server's and stay.
  }
}

function readQueuedAwards(): QueuedAward[] {
  const parsed: unknown = JSON.parse(sessionStorage.getItem(PENDING_AWARDS_KEY) ?? '[]')
  return Array.isArray(parsed) ? parsed.filter((item): item is QueuedAward => typeof item?.award?.pointsAwarded === 'number' && typeof item.activityType === 'string') : []
}

/** Plays (and forgets) the awards the previous page left for this one, unless this page holds them for the next. */
export function drainQueuedAwards(): void {
  if (queuedFeedbackHeld()) return
  let queued: QueuedAward[]
  try {
    queued = readQueuedAwards()
    sessionStorage.removeItem(PENDING_AWARDS_KEY)
  } catch {
    return
  }
  for (const item of queued) reportAward(item.award, { activityType: item.activityType, description: item.description }, false)
}

if (typeof window !== 'undefined') {
  drainQueuedAwards()
  drainWindowAwards()
  window.addEventListener(AWARD_EVENT, drainWindowAwards)
}
