import { useCallback, useEffect, useRef, useState } from 'react'
import { useStore } from 'zustand'

import { TOAST } from '../../../shared/constants'
import { ACHIEVEMENT_UNLOCKED, KEEP_ENGAGING, LEVEL_UP, pointsEarnedAnimation, reachedLevel } from '../../../shared/messages'
import { pointsTier, RARITY_LABEL } from '../../../shared/points-display'
import type { UnlockedAchievement } from '../../../shared/types/points'
import { getQueryClient, ME_QUERY_KEY } from '../../lib/query-client'
import { pointsStore, type AwardAnimation } from '../../lib/stores/points-store'
import { cx } from '../ui/styles'
import { AFTER_AWARD_QUERY_KEYS } from './stats-query'
import { showPointsToast } from './points-toast'
import { levelRingClass, POINTS_TIER_CLASS, RARITY_CLASS } from './styles'

type Overlay = { key: string; kind: 'level'; level: number } | { key: string; kind: 'achievement'; achievement: UnlockedAchievement }

/**
 * Plays the member's awards (SPEC §4): the points animation '+{n} points earned!' (3 s, coloured
 * by tier), the 'Points Earned!' toast, then the level-up and achievement overlays (4 s each, one
 * after the other). Each calls its completion handler when it hides. Mounted once in BaseLayout
 * with `client:award`: it hydrates on the first award. Nothing here takes focus; the overlays are
 * announced through a status region, the points through the toast.
 */
export default function PointsFeedback() {
  const pending = useStore(pointsStore, (s) => s.pending)
  const [ready, setReady] = useState(false)
  const [burst, setBurst] = useState<AwardAnimation | null>(null)
  const [overlays, setOverlays] = useState<Overlay[]>([])

  // The status region is rendered empty first (as on the server); awards play a beat later so
  // screen readers have registered it before its content changes.
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 150)
    return () => clearTimeout(timer)
  }, [])

  useEffect(() => {
    if (!ready || pending.length === 0) return
    const awards = pointsStore.getState().take()
    if (awards.length === 0) return
    const client = getQueryClient()
    // SPEC §7: an award refreshes the stats and the me call (the avatar menu's level).
    for (const queryKey of [...AFTER_AWARD_QUERY_KEYS, ME_QUERY_KEY]) void client.invalidateQueries({ queryKey })
    const latest = awards[awards.length - 1]!
    const points = awards.reduce((sum, a) => sum + a.points, 0)
    setBurst({ ...latest, points })
    showPointsToast(points)
    setOverlays((list) => [
      ...list,
      ...awards.flatMap((a): Overlay[] => [
        ...(a.newLevel ? [{ key: `level-${a.id}`, kind: 'level' as const, level: a.newLevel }] : []),
        ...(a.achievement ? [{ key: `achievement-${a.id}`, kind: 'achievement' as const, achievement: a.achievement }] : []),
      ]),
    ])
  }, [ready, pending])

  const burstDone = useCallback(() => setBurst(null), [])
  const overlayDone = useCallback(() => setOverlays((list) => list.slice(1)), [])
  const overlay = overlays[0]

  return (
    <div className="pointer-events-none fixed inset-x-0 top-32 z-[90] md:top-20 flex flex-col items-center gap-3 px-4">
      {burst ? <PointsAnimation key={burst.id} points={burst.points} onComplete={burstDone} /> : null}
      <div role="status" aria-live="polite" aria-atomic="true" className="flex w-full justify-center">
        {overlay?.kind === 'level' ? <LevelUpOverlay key={overlay.key} level={overlay.level} onComplete={overlayDone} /> : null}
        {overlay?.kind === 'achievement' ? <AchievementOverlay key={overlay.key} achievement={overlay.achievement} onComplete={overlayDone} /> : null}
      </div>
    </div>
  )
}

/** Calls onComplete once, `ms` after mounting. */
function useHideAfter(ms: number, onComplete: () => void) {
  const done = useRef(onComplete)
  done.current = onComplete
  useEffect(() => {
    const timer = setTimeout(() => done.current(), ms)
    return () => clearTimeout(timer)
  }, [ms])
}

/** '+{n} points earned!' for 3 s. The toast says the same to screen readers, so this is not announced twice. */
export function PointsAnimation({ points, onComplete }: { points: number; onComplete: () => void }) {
  useHideAfter(TOAST.pointsToastMs, onComplete)
  const tier = pointsTier(points)
  return (
    <p
      aria-hidden="true"
      data-tier={tier}
      className={cx(
        'inline-flex items-center gap-2 rounded-full px-4 py-2 text-base font-bold shadow-lg motion-safe:animate-points-rise',
        POINTS_TIER_CLASS[tier],
      )}
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
        <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />
      </svg>
      {pointsEarnedAnimation(points)}
    </p>
  )
}

const OVERLAY_CARD = 'w-full max-w-md rounded-2xl border-2 bg-card p-6 text-center text-card-foreground shadow-2xl motion-safe:animate-overlay-in'

/** 'LEVEL UP!' / "You've reached Level N!" / 'Keep engaging to unlock more rewards!' for 4 s. */
export function LevelUpOverlay({ level, onComplete }: { level: number; onComplete: () => void }) {
  useHideAfter(TOAST.overlayMs, onComplete)
  return (
    <div className={cx(OVERLAY_CARD, 'border-primary')} data-testid="level-up-overlay">
      <div className={cx('mx-auto mb-3 flex h-20 w-20 items-center justify-center rounded-full border-[6px] border-current', levelRingClass(level))}>
        <span className="text-3xl font-black text-card-foreground">{level}</span>
      </div>
      <p className="font-display text-3xl font-black tracking-wide text-primary">{LEVEL_UP}</p>
      <p className="mt-2 text-lg font-semibold">{reachedLevel(level)}</p>
      <p className="mt-1 text-sm text-muted-foreground">{KEEP_ENGAGING}</p>
    </div>
  )
}

/** 'ACHIEVEMENT UNLOCKED!' with the achievement's title, description and rarity, for 4 s. */
export function AchievementOverlay({ achievement, onComplete }: { achievement: UnlockedAchievement; onComplete: () => void }) {
  useHideAfter(TOAST.overlayMs, onComplete)
  const rarity = achievement.rarity ?? 'common'
  return (
    <div className={cx(OVERLAY_CARD, 'border-accent')} data-testid="achievement-overlay">
      <div className="mx-auto mb-3 flex h-16 w-16 items-center justify-center rounded-full bg-accent text-accent-foreground" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="h-9 w-9" fill="currentColor">
          <path d="M7 3h10v3h3v3a5 5 0 0 1-5 5h-.3A5 5 0 0 1 13 15.9V18h3v3H8v-3h3v-2.1A5 5 0 0 1 9.3 14H9a5 5 0 0 1-5-5V6h3zm0 5H6v1a3 3 0 0 0 1 2.2zm10 0v3.2A3 3 0 0 0 18 9V8z" />
        </svg>
      </div>
      <p className="font-display text-2xl font-black text-primary">{ACHIEVEMENT_UNLOCKED}</p>
      <p className="mt-2 text-lg font-semibold">{achievement.title}</p>
      {achievement.description ? <p className="mt-1 text-sm text-muted-foreground">{achievement.description}</p> : null}
      <p className={cx('mt-3 inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', RARITY_CLASS[rarity] ?? RARITY_CLASS.common)}>
        {RARITY_LABEL[rarity] ?? RARITY_LABEL.common}
      </p>
    </div>
  )
}
