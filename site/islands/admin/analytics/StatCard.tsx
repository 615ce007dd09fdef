import type { ReactNode } from 'react'

import { cx } from '../../ui/styles'

/**
 * One figure of the dashboard. The value is written out in full for screen readers and in the
 * tooltip (`title`) when the card shows it shortened (12.3K).
 */
export function StatCard({ label, value, fullValue, note, tone }: { label: string; value: string; fullValue?: string; note?: ReactNode; tone?: 'premium' | 'success' }) {
  return (
    <li className="min-w-0 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm">
      <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</p>
      <p
        className={cx('mt-1 text-2xl font-black tabular-nums', tone === 'success' && 'text-success', tone === 'premium' && 'text-amber-700 dark:text-accent')}
        title={fullValue && fullValue !== value ? fullValue : undefined}
        data-testid="stat-value"
      >
        {fullValue && fullValue !== value ? (
          <>
            <span aria-hidden="true">{value}</span>
            <span className="sr-only">{fullValue}</span>
          </>
        ) : (
          value
        )}
      </p>
      {note ? <p className="mt-0.5 text-xs text-muted-foreground">{note}</p> : null}
    </li>
  )
}

/** A card while its figure loads (same size, so nothing jumps). */
export function StatCardPending({ label }: { label: string }) {
  return (
    <li className="rounded-xl border border-border bg-card p-4 shadow-sm" aria-busy="true">
      <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</p>
      <p className="mt-2 h-7 w-16 animate-pulse rounded bg-muted" />
      <span className="sr-only">Loading</span>
    </li>
  )
}
