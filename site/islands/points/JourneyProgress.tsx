// Your Journey's Progress tab: the level ring (coloured by level), the streak ring (by days:
// thresholds 7, 14, 21, full at 30) and the member's latest ledger rows.
import { STREAK_RING } from '../../../shared/constants'
import { formatRelativeTime } from '../../../shared/format'
import { formatPoints, levelProgress, streakRing, type StreakStage } from '../../../shared/points-display'
import type { RecentActivity, UserStats } from '../../../shared/types/points'
import { cx } from '../ui/styles'
import type { LevelTableRow } from './PointsTable'
import { Ring } from './Ring'
import { levelRingClass, STREAK_STAGE_CLASS } from './styles'

export const STREAK_STAGE_LABEL: Record<StreakStage, string> = {
  0: 'Getting started',
  1: 'One week strong',
  2: 'Two weeks strong',
  3: 'On fire',
}

const STREAK_TICKS = STREAK_RING.thresholds.map((t) => t / STREAK_RING.maxDays)

export function LevelRing({ stats, levels, size }: { stats: UserStats; levels: readonly LevelTableRow[]; size?: number }) {
  const current = levels.find((l) => l.level === stats.level) ?? null
  const fraction = levelProgress(stats.points, current, stats.nextLevel)
  const percent = Math.round(fraction * 100)
  const label = stats.nextLevel ? `Level ${stats.level}, ${percent}% of the way to Level ${stats.nextLevel.level}` : `Level ${stats.level}, the top level`
  return (
    <Ring fraction={fraction} colorClass={levelRingClass(stats.level)} label={label} size={size}>
      <span className="text-xs font-semibold text-muted-foreground uppercase">Level</span>
      <span className="text-4xl leading-none font-black">{stats.level}</span>
      {current ? <span className="mt-1 max-w-[6rem] truncate text-xs text-muted-foreground">{current.title}</span> : null}
    </Ring>
  )
}

export function StreakRing({ days, size }: { days: number; size?: number }) {
  const ring = streakRing(days)
  const unit = days === 1 ? 'day' : 'days'
  return (
    <Ring fraction={ring.fraction} colorClass={STREAK_STAGE_CLASS[ring.stage]} ticks={STREAK_TICKS} label={`Streak: ${days} ${unit}, ${STREAK_STAGE_LABEL[ring.stage]}`} size={size}>
      <span className="text-xs font-semibold text-muted-foreground uppercase">Streak</span>
      <span className="text-4xl leading-none font-black">{days}</span>
      <span className="mt-1 text-xs text-muted-foreground">{unit}</span>
    </Ring>
  )
}

export function JourneyProgress({ stats, levels, recent }: { stats: UserStats; levels: readonly LevelTableRow[]; recent: RecentActivity[] }) {
  const ring = streakRing(stats.streak)
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <section className="flex flex-col items-center rounded-xl border border-border bg-card p-5 text-center" aria-labelledby="level-ring-heading">
          <h2 id="level-ring-heading" className="mb-3 text-lg font-bold">
            Level progress
          </h2>
          <LevelRing stats={stats} levels={levels} />
          <p className="mt-3 text-sm text-muted-foreground">
            {stats.nextLevel ? `${formatPoints(stats.nextLevel.pointsNeeded)} points to Level ${stats.nextLevel.level}` : 'You have reached the top level.'}
          </p>
        </section>
        <section className="flex flex-col items-center rounded-xl border border-border bg-card p-5 text-center" aria-labelledby="streak-ring-heading">
          <h2 id="streak-ring-heading" className="mb-3 text-lg font-bold">
            Daily streak
          </h2>
          <StreakRing days={stats.streak} />
          <p className="mt-3 text-sm">
            <span className="font-semibold">{STREAK_STAGE_LABEL[ring.stage]}</span>
            <span className="text-muted-foreground">{ring.next ? ` · next milestone: ${ring.next} days` : ' · 30 days and counting'}</span>
          </p>
        </section>
      </div>

      <section aria-labelledby="recent-activity-heading">
        <h2 id="recent-activity-heading" className="text-lg font-bold">
          Recent activity
        </h2>
        {recent.length === 0 ? (
          <p className="mt-3 text-muted-foreground">Nothing yet: your points will show up here.</p>
        ) : (
          <ul className="mt-3 divide-y divide-border rounded-xl border border-border bg-card">
            {recent.map((a) => (
              <li key={a.id} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
                <span className="min-w-0">
                  <span className="block truncate">{a.description}</span>
                  <span className="block text-xs text-muted-foreground">{formatRelativeTime(a.createdAt)}</span>
                </span>
                <span className={cx('shrink-0 font-semibold tabular-nums', a.points < 0 ? 'text-destructive dark:text-red-300' : 'text-success')}>
                  {a.points > 0 ? `+${a.points}` : a.points}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
