import { useQuery } from '@tanstack/react-query'

import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '../../../shared/constants'
import { avatarLetter } from '../../../shared/format'
import { formatPoints, PERIOD_LABELS } from '../../../shared/points-display'
import type { LeaderboardRow } from '../../../shared/types/points'
import { withQueryClient } from '../../lib/query-client'
import MemberBadges from '../MemberBadges'
import { LinkedTabsList, Tabs, TabsContent, useLinkedTab } from '../ui/Tabs'
import { cx } from '../ui/styles'

/** SPEC §9: the leaderboard refreshes every 60 s. */
export const LEADERBOARD_REFRESH_MS = 60_000

export const NO_ONE_ON_BOARD = 'No points earned in this period yet. Be the first!'

export interface LeaderboardBoardProps {
  period: LeaderboardPeriod
  /** The board for `period` as the server rendered it. */
  rows: LeaderboardRow[]
  /** The signed-in member, highlighted on the board. */
  viewerId?: number | null
}

/**
 * /leaderboard's ranked list under the period tabs (Radix Tabs). Server-rendered for the period
 * in the URL; each tab is also a link (?period=…), so the tabs work before and without JavaScript.
 * Once live, a tab switches in place (the URL follows) and the open board refreshes every 60 s.
 */
function LeaderboardBoard({ period: initialPeriod, rows, viewerId = null }: LeaderboardBoardProps) {
  const [period, select] = useLinkedTab(LEADERBOARD_PERIODS, initialPeriod, 'period')

  return (
    <Tabs value={period} onValueChange={select} activationMode="automatic">
      <LinkedTabsList tabs={LEADERBOARD_PERIODS} labels={PERIOD_LABELS} param="period" aria-label="Leaderboard period" />
      {LEADERBOARD_PERIODS.map((p) => (
        <TabsContent key={p} value={p}>
          {p === period ? <Board period={p} initialRows={p === initialPeriod ? rows : undefined} viewerId={viewerId} /> : null}
        </TabsContent>
      ))}
    </Tabs>
  )
}

function Board({ period, initialRows, viewerId }: { period: LeaderboardPeriod; initialRows?: LeaderboardRow[]; viewerId: number | null }) {
  const board = useQuery<LeaderboardRow[]>({
    queryKey: ['/api/leaderboard', { period }],
    refetchInterval: LEADERBOARD_REFRESH_MS,
    ...(initialRows ? { initialData: initialRows } : {}),
  })
  if (board.isPending) return <p className="py-8 text-center text-muted-foreground">Loading…</p>
  if (board.isError) return <p className="py-8 text-center text-muted-foreground">The leaderboard could not be loaded. It will try again shortly.</p>
  return <RankedList rows={board.data} viewerId={viewerId} label={`${PERIOD_LABELS[period]} leaderboard`} />
}

const MEDAL: Record<number, string> = {
  1: 'bg-amber-400 text-amber-950',
  2: 'bg-stone-300 text-stone-900',
  3: 'bg-orange-300 text-orange-950',
}

/** The ranked list: rank, the member (linking to their profile) with their badges, points. */
export function RankedList({ rows, viewerId = null, label }: { rows: LeaderboardRow[]; viewerId?: number | null; label: string }) {
  if (rows.length === 0) return <p className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-muted-foreground">{NO_ONE_ON_BOARD}</p>
  return (
    <ol aria-label={label} className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card text-card-foreground">
      {rows.map((row) => {
        const you = viewerId === row.user.id
        return (
          <li key={row.user.id} className={cx('flex items-center gap-3 px-3 py-3 sm:px-4', you && 'bg-muted')} aria-current={you ? 'true' : undefined}>
            <span
              className={cx('inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums', MEDAL[row.rank] ?? 'bg-muted text-foreground')}
            >
              <span className="sr-only">Rank </span>
              {row.rank}
            </span>
            <span aria-hidden="true" className="hidden h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground sm:inline-flex">
              {avatarLetter(row.user.username)}
            </span>
            <div className="min-w-0 flex-1">
              <a href={`/profile/${row.user.id}`} className="block truncate font-semibold text-foreground">
                {row.user.username}
              </a>
              {you ? <span className="text-xs font-semibold text-primary">You</span> : null}
              <MemberBadges badges={row.user.badges} memberNumber={row.user.memberNumber} label={`${row.user.username}'s badges`} className="mt-1" />
            </div>
            <span className="shrink-0 text-right">
              <span className="block font-bold tabular-nums">{formatPoints(row.points)}</span>
              <span className="block text-xs text-muted-foreground">points</span>
            </span>
          </li>
        )
      })}
    </ol>
  )
}

export default withQueryClient(LeaderboardBoard)
