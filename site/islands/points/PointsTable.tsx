// The points table (SPEC §9) and the level table. Plain components: .astro pages render them to
// static HTML (no JS); the Your Journey island renders them in its tabs.
import { EARN_POINTS_ROWS } from '../../../shared/points-display'
import { cx } from '../ui/styles'
import { levelRingClass } from './styles'

const TABLE = 'w-full border-collapse text-left text-sm'
const HEAD = 'border-b border-border px-3 py-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase'
const CELL = 'border-b border-border px-3 py-2.5 align-top'

export function PointsTable({ caption = 'Points for activities', className }: { caption?: string; className?: string }) {
  return (
    <table className={cx(TABLE, className)}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={HEAD}>Activity</th>
          <th scope="col" className={cx(HEAD, 'text-right')}>Points</th>
        </tr>
      </thead>
      <tbody>
        {EARN_POINTS_ROWS.map((row) => (
          <tr key={row.activity}>
            <th scope="row" className={cx(CELL, 'font-medium')}>
              {row.activity}
              {row.note ? <span className="block text-xs font-normal text-muted-foreground">{row.note}</span> : null}
            </th>
            <td className={cx(CELL, 'text-right font-semibold tabular-nums')}>+{row.points}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export type LevelTableRow = { level: number; pointsRequired: number; title: string; description: string | null; rewards: string | null }

export function LevelsTable({ levels, currentLevel, className }: { levels: readonly LevelTableRow[]; currentLevel?: number | null; className?: string }) {
  return (
    <table className={cx(TABLE, className)}>
      <caption className="sr-only">Levels</caption>
      <thead>
        <tr>
          <th scope="col" className={HEAD}>Level</th>
          <th scope="col" className={HEAD}>Title</th>
          <th scope="col" className={cx(HEAD, 'text-right')}>Points needed</th>
        </tr>
      </thead>
      <tbody>
        {levels.map((row) => {
          const current = currentLevel === row.level
          return (
            <tr key={row.level} className={current ? 'bg-muted' : undefined} aria-current={current ? 'true' : undefined}>
              <td className={CELL}>
                <span className={cx('inline-flex h-8 w-8 items-center justify-center rounded-full border-[3px] border-current font-bold', levelRingClass(row.level))}>
                  <span className="text-foreground">{row.level}</span>
                </span>
              </td>
              <td className={CELL}>
                <span className="font-semibold">{row.title}</span>
                {current ? <span className="ml-2 text-xs font-semibold text-primary">You are here</span> : null}
                {row.description ? <span className="block text-xs text-muted-foreground">{row.description}</span> : null}
                {row.rewards ? <span className="block text-xs text-muted-foreground">Rewards: {row.rewards}</span> : null}
              </td>
              <td className={cx(CELL, 'text-right font-semibold tabular-nums')}>{row.pointsRequired.toLocaleString('en-US')}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
