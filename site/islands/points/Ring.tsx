// A progress ring (SVG): the level ring and the streak ring of Your Journey. The track uses the
// border colour; the arc takes `colorClass` (currentColor), chosen to keep >= 3:1 on the card.
import type { ReactNode } from 'react'

import { cx } from '../ui/styles'

export function Ring({
  fraction,
  colorClass,
  label,
  ticks = [],
  size = 132,
  children,
}: {
  /** 0 to 1. */
  fraction: number
  colorClass: string
  /** The accessible name of the figure, e.g. 'Level 2, 40% of the way to Level 3'. */
  label: string
  /** Marks on the track, as fractions (the streak thresholds). */
  ticks?: readonly number[]
  size?: number
  children?: ReactNode
}) {
  const stroke = 10
  const r = (size - stroke) / 2
  const c = 2 * Math.PI * r
  const f = Math.min(1, Math.max(0, fraction))
  return (
    <figure role="img" aria-label={label} className="relative inline-flex items-center justify-center" style={{ width: size, height: size }}>
      <svg viewBox={`0 0 ${size} ${size}`} width={size} height={size} className="-rotate-90" aria-hidden="true">
        <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke="var(--border)" strokeWidth={stroke} />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          stroke="currentColor"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={`${f * c} ${c}`}
          className={cx('transition-[stroke-dasharray] duration-700', colorClass)}
        />
        {ticks.map((t) => {
          const angle = t * 2 * Math.PI
          const x1 = size / 2 + (r - stroke / 2) * Math.cos(angle)
          const y1 = size / 2 + (r - stroke / 2) * Math.sin(angle)
          const x2 = size / 2 + (r + stroke / 2) * Math.cos(angle)
          const y2 = size / 2 + (r + stroke / 2) * Math.sin(angle)
          return <line key={t} x1={x1} y1={y1} x2={x2} y2={y2} stroke="var(--card)" strokeWidth={2} />
        })}
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center text-center" aria-hidden="true">
        {children}
      </div>
    </figure>
  )
}
