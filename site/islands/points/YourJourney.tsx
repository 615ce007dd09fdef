import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import { STATS_FALLBACK_LEVEL, STATS_SIGN_IN_PROMPT } from '../../../shared/messages'
import { formatPoints, formatRank } from '../../../shared/points-display'
import type { AchievementView, RecentActivity, UserStats, WeeklyLeaderboardRow } from '../../../shared/types/points'
import { withQueryClient } from '../../lib/query-client'
import { LinkedTabsList, Tabs, TabsContent, useLinkedTab } from '../ui/Tabs'
import { ButtonLink } from '../ui/Button'
import { cx } from '../ui/styles'
import { JourneyAchievements } from './JourneyAchievements'
import { JourneyProgress } from './JourneyProgress'
import { LevelsTable, PointsTable, type LevelTableRow } from './PointsTable'
import { STATS_QUERY_KEY } from './stats-query'
import { levelRingClass } from './styles'

/** SPEC §9 refresh intervals: stats 30 s, leaderboard 60 s; the Leaderboard tab lists the top 10. */
export const STATS_REFRESH_MS = 30_000
export const JOURNEY_BOARD_REFRESH_MS = 60_000
export const JOURNEY_BOARD_SIZE = 10

export const JOURNEY_TABS = ['achievements', 'leaderboard', 'progress', 'earn'] as const
export type JourneyTab = (typeof JOURNEY_TABS)[number]
const TAB_LABELS: Record<JourneyTab, string> = { achievements: 'Achievements', leaderboard: 'Leaderboard', progress: 'Progress', earn: 'Earn Points' }

export interface YourJourneyProps {
  tab: JourneyTab
  stats: UserStats
  achievements: AchievementView[]
  weekly: WeeklyLeaderboardRow[]
  recent: RecentActivity[]
  levels: LevelTableRow[]
  viewerId: number
}

/**
 * /gamification 'Your Journey' for a member: stat cards (refreshed every 30 s from
 * GET /api/user/stats, and after an award) and the tabs Achievements, Leaderboard (top 10),
 * Progress and Earn Points. The tabs are links too (?tab=…), so they work without JavaScript.
 */
function YourJourney({ tab: initialTab, stats: initialStats, achievements, weekly, recent, levels, viewerId }: YourJourneyProps) {
  const [tab, select] = useLinkedTab(JOURNEY_TABS, initialTab)
  const stats = useQuery<UserStats>({ queryKey: STATS_QUERY_KEY, initialData: initialStats, refetchInterval: STATS_REFRESH_MS, retry: false })
  const catalogue = useQuery<AchievementView[]>({ queryKey: ['/api/achievements'], initialData: achievements })
  const activities = useQuery<RecentActivity[]>({ queryKey: ['/api/user/recent-activities'], initialData: recent })

  if (stats.isError || !stats.data) return <StatsFallback />
  const data = stats.data
  const levelTitle = levels.find((l) => l.level === data.level)?.title

  return (
    <div className="space-y-8">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Your stats">
        <StatCard label="Level" value={String(data.level)} note={levelTitle} accent={levelRingClass(data.level)} />
        <StatCard label="Points" value={formatPoints(data.points)} note={data.nextLevel ? `${formatPoints(data.nextLevel.pointsNeeded)} to Level ${data.nextLevel.level}` : 'Top level'} />
        <StatCard label="Streak" value={`${data.streak} ${data.streak === 1 ? 'day' : 'days'}`} note={data.streak >= 2 ? '+50 a day while it lasts' : 'Come back tomorrow'} />
        <StatCard label="Total earned" value={formatPoints(data.totalPointsEarned)} note="All time" />
        <StatCard label="Rank" value={formatRank(data.rank.weekly)} note={`This week · all time ${formatRank(data.rank.allTime)}`} />
      </ul>

      <Tabs value={tab} onValueChange={select}>
        <LinkedTabsList tabs={JOURNEY_TABS} labels={TAB_LABELS} aria-label="Your Journey" className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto" />
        <TabsContent value="achievements">
          <JourneyAchievements recent={data.achievements} catalogue={catalogue.data ?? achievements} />
        </TabsContent>
        <TabsContent value="leaderboard">{tab === 'leaderboard' ? <WeeklyTop initial={weekly} viewerId={viewerId} /> : null}</TabsContent>
        <TabsContent value="progress">
          <JourneyProgress stats={data} levels={levels} recent={activities.data ?? recent} />
        </TabsContent>
        <TabsContent value="earn">
          <div className="grid gap-6 lg:grid-cols-2">
            <section aria-labelledby="earn-heading" className="rounded-xl border border-border bg-card p-5">
              <h2 id="earn-heading" className="text-lg font-bold">
                How to earn points
              </h2>
              <PointsTable className="mt-3" />
            </section>
            <section aria-labelledby="journey-levels-heading" className="rounded-xl border border-border bg-card p-5">
              <h2 id="journey-levels-heading" className="text-lg font-bold">
                Levels
              </h2>
              <div className="mt-3 overflow-x-auto">
                <LevelsTable levels={levels} currentLevel={data.level} />
              </div>
            </section>
          </div>
        </TabsContent>
      </Tabs>
    </div>
  )
}

function StatCard({ label, value, note, accent }: { label: string; value: string; note?: string; accent?: string }) {
  return (
    <li className="rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm">
      <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</p>
      <p className={cx('mt-1 text-2xl font-black tabular-nums', accent && 'flex items-center gap-2')}>
        {accent ? <span aria-hidden="true" className={cx('inline-block h-3 w-3 rounded-full bg-current', accent)} /> : null}
        {value}
      </p>
      {note ? <p className="mt-0.5 truncate text-xs text-muted-foreground">{note}</p> : null}
    </li>
  )
}

/** On error or no data (SPEC §4 Stats). */
export function StatsFallback({ children }: { children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-border bg-card p-6 text-center">
      <p className="text-2xl font-bold">{STATS_FALLBACK_LEVEL}</p>
      <p className="mt-2 text-muted-foreground">{STATS_SIGN_IN_PROMPT}</p>
      {children ?? (
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <ButtonLink href="/login?next=/gamification">Sign In</ButtonLink>
        </div>
      )}
    </div>
  )
}

function WeeklyTop({ initial, viewerId }: { initial: WeeklyLeaderboardRow[]; viewerId: number }) {
  const board = useQuery<WeeklyLeaderboardRow[]>({ queryKey: ['/api/leaderboard/weekly'], initialData: initial, refetchInterval: JOURNEY_BOARD_REFRESH_MS })
  const rows = (board.data ?? initial).slice(0, JOURNEY_BOARD_SIZE)
  return (
    <section aria-labelledby="weekly-top-heading">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="weekly-top-heading" className="text-lg font-bold">
          Top 10 this week
        </h2>
        <a href="/leaderboard" className="text-sm font-semibold text-primary">
          Full leaderboard
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-muted-foreground">No points earned this week yet. Be the first!</p>
      ) : (
        <ol className="divide-y divide-border rounded-xl border border-border bg-card" aria-label="Top 10 this week">
          {rows.map((row, i) => (
            <li key={row.userId} className={cx('flex items-center gap-3 px-4 py-2.5', row.userId === viewerId && 'bg-muted')} aria-current={row.userId === viewerId ? 'true' : undefined}>
              <span className="w-7 shrink-0 text-right font-bold tabular-nums">
                <span className="sr-only">Rank </span>
                {i + 1}
              </span>
              <span className="min-w-0 flex-1 truncate">
                <a href={`/profile/${row.userId}`} className="font-semibold text-foreground">
                  {row.username}
                </a>
                {row.userId === viewerId ? <span className="ml-2 text-xs font-semibold text-primary">You</span> : null}
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">Level {row.level}</span>
              <span className="w-16 shrink-0 text-right font-bold tabular-nums">{formatPoints(row.points)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

export default withQueryClient(YourJourney)
