// "Right now": visitors with a page view in the last 5 minutes and the pages they are reading,
// refreshed every 15 seconds without reloading (GET /api/admin/analytics/realtime).
import { useQuery } from '@tanstack/react-query'

import { formatCount } from '../../../../shared/format'
import type { RealtimeVisitors } from '../../../../shared/types/analytics'
import { REALTIME_KEY, REALTIME_REFRESH_MS } from './range'

export function RightNow() {
  const now = useQuery<RealtimeVisitors>({ queryKey: REALTIME_KEY, refetchInterval: REALTIME_REFRESH_MS })
  const r = now.data
  return (
    <section aria-labelledby="analytics-right-now" className="rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="analytics-right-now" className="text-xl font-bold">
          Right now
        </h2>
        <p className="text-xs text-muted-foreground">Refreshes every 15 seconds.</p>
      </div>
      {now.isError ? (
        <p role="alert" className="mt-2 text-sm">
          Could not load who is on the site: {now.error instanceof Error ? now.error.message : 'unknown error'}
        </p>
      ) : !r ? (
        <p className="mt-2 h-8 w-40 animate-pulse rounded bg-muted" aria-busy="true">
          <span className="sr-only">Loading</span>
        </p>
      ) : (
        <div className="mt-2 grid gap-4 md:grid-cols-[auto_1fr]">
          <p aria-live="polite" aria-atomic="true">
            <span className="text-4xl font-black tabular-nums" data-testid="active-visitors">
              {r.activeVisitors.toLocaleString('en-US')}
            </span>{' '}
            <span className="text-sm text-muted-foreground">
              {r.activeVisitors === 1 ? 'visitor' : 'visitors'} in the last {r.windowMinutes} minutes
            </span>
          </p>
          {r.pages.length ? (
            <table className="w-full text-sm tabular-nums">
              <caption className="sr-only">Pages read in the last {r.windowMinutes} minutes</caption>
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th scope="col" className="py-1 pr-3 font-semibold">
                    Page
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right font-semibold">
                    Visitors
                  </th>
                </tr>
              </thead>
              <tbody>
                {r.pages.map((p) => (
                  <tr key={p.path} className="border-t border-border">
                    <th scope="row" className="py-1 pr-3 text-left font-normal break-all">
                      <a href={p.path}>{p.path}</a>
                    </th>
                    <td className="py-1 pr-2 text-right">{formatCount(p.visitors)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-muted-foreground">Nobody is reading a page just now.</p>
          )}
        </div>
      )}
    </section>
  )
}
