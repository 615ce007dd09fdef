// Your Journey's Achievements tab: the 3 most recent unlocks (the compact view), then the whole
// catalogue on request. A secret achievement shows no title or description until unlocked.
import { useState } from 'react'

import { formatDate } from '../../../shared/format'
import { RARITY_LABEL } from '../../../shared/points-display'
import type { AchievementView, UserStats } from '../../../shared/types/points'
import { Button } from '../ui/Button'
import { cx } from '../ui/styles'
import { RARITY_CLASS } from './styles'

/** SPEC §2: only the 3 most recent achievements are listed in the compact view. */
export const COMPACT_ACHIEVEMENTS = 3

export const SECRET_ACHIEVEMENT = 'Secret achievement'
export const SECRET_HINT = 'Keep exploring to reveal it.'
export const NO_ACHIEVEMENTS_YET = 'No achievements yet. Your first comment or bookmark unlocks one.'

const formatDay = (iso: string) => formatDate(iso)

function RarityChip({ rarity }: { rarity: string }) {
  return <span className={cx('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', RARITY_CLASS[rarity] ?? RARITY_CLASS.common)}>{RARITY_LABEL[rarity] ?? RARITY_LABEL.common}</span>
}

function Trophy({ locked, icon }: { locked: boolean; icon?: string | null }) {
  return (
    <span
      aria-hidden="true"
      className={cx('inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full', locked ? 'bg-muted text-muted-foreground' : 'bg-accent text-accent-foreground')}
    >
      {!locked && icon ? (
        <span className="text-2xl leading-none">{icon}</span>
      ) : locked ? (
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor">
          <path d="M7 3h10v3h3v3a5 5 0 0 1-5 5h-.3A5 5 0 0 1 13 15.9V18h3v3H8v-3h3v-2.1A5 5 0 0 1 9.3 14H9a5 5 0 0 1-5-5V6h3zm0 5H6v1a3 3 0 0 0 1 2.2zm10 0v3.2A3 3 0 0 0 18 9V8z" />
        </svg>
      )}
    </span>
  )
}

export function JourneyAchievements({ recent, catalogue }: { recent: UserStats['achievements']; catalogue: AchievementView[] }) {
  const [showAll, setShowAll] = useState(false)
  const compact = recent.slice(0, COMPACT_ACHIEVEMENTS)
  const unlocked = catalogue.filter((a) => a.isUnlocked).length
  const iconOf = (id: number) => catalogue.find((a) => a.id === id)?.icon ?? null
  return (
    <div className="space-y-6">
      <section aria-labelledby="recent-achievements-heading">
        <h2 id="recent-achievements-heading" className="text-lg font-bold">
          Recent achievements
        </h2>
        {compact.length === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-border px-4 py-6 text-center text-muted-foreground">{NO_ACHIEVEMENTS_YET}</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-3" aria-label="Recent achievements">
            {compact.map(({ achievement, unlockedAt }) => (
              <li key={achievement.id} className="flex gap-3 rounded-xl border border-border bg-card p-4">
                <Trophy locked={false} icon={iconOf(achievement.id)} />
                <div className="min-w-0">
                  <p className="font-semibold">{achievement.title}</p>
                  <p className="text-sm text-muted-foreground">{achievement.description}</p>
                  <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <RarityChip rarity={achievement.rarity} />
                    <span>Unlocked {formatDay(unlockedAt)}</span>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {unlocked} of {catalogue.length} unlocked
        </p>
        <Button variant="outline" size="sm" aria-expanded={showAll} aria-controls="all-achievements" onClick={() => setShowAll((v) => !v)}>
          {showAll ? 'Hide all achievements' : `Show all achievements (${catalogue.length})`}
        </Button>
      </div>

      {showAll ? (
        <ul id="all-achievements" className="grid gap-3 sm:grid-cols-2" aria-label="All achievements">
          {catalogue.map((a) => {
            const locked = !a.isUnlocked
            const hidden = a.title === null
            const target = a.targetCount ?? 0
            const progress = target > 0 ? Math.min(1, (a.progress ?? 0) / target) : 0
            return (
              <li key={a.id} className={cx('flex gap-3 rounded-xl border border-border bg-card p-4', locked && 'bg-background')}>
                <Trophy locked={locked} icon={a.icon} />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{hidden ? SECRET_ACHIEVEMENT : a.title}</p>
                  <p className="text-sm text-muted-foreground">{hidden ? SECRET_HINT : a.description}</p>
                  <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <RarityChip rarity={a.rarity} />
                    {a.unlockedAt ? <span>Unlocked {formatDay(a.unlockedAt)}</span> : <span>+{a.points} points</span>}
                  </p>
                  {locked && !hidden && target > 0 ? (
                    <div className="mt-2">
                      <div
                        role="progressbar"
                        aria-label={`${a.title} progress`}
                        aria-valuemin={0}
                        aria-valuemax={target}
                        aria-valuenow={Math.min(target, a.progress ?? 0)}
                        className="h-1.5 overflow-hidden rounded-full bg-muted"
                      >
                        <div className="h-full rounded-full bg-primary" style={{ width: `${Math.round(progress * 100)}%` }} />
                      </div>
                      <p className="mt-1 text-xs text-muted-foreground tabular-nums">
                        {Math.min(target, a.progress ?? 0)} / {target}
                      </p>
                    </div>
                  ) : null}
                </div>
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}
