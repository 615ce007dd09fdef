// /admin/analytics/video/{videoId} and /admin/analytics/post/{slug}: one item's figures over a
// chosen range, reached from the Analytics tab's top lists: views on this site day by day, watch
// time, completion and, for a video, its retention curve. YouTube's own count stands apart.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'

import { REFRESH_MS } from '../../../../shared/constants'
import { formatCount, formatPercent, formatWatchTime } from '../../../../shared/format'
import type { ItemAnalytics } from '../../../../shared/types/analytics'
import { withQueryClient } from '../../../lib/query-client'
import { RangePicker } from './RangePicker'
import { DEFAULT_RANGE, itemAnalyticsQueryKey, longDay, type RangeChoice } from './range'
import { StatCard, StatCardPending } from './StatCard'

const ItemCharts = lazy(() => import('./ItemCharts'))
const full = (n: number) => n.toLocaleString('en-US')

function ItemAnalyticsPage({ kind, id }: { kind: 'video' | 'post'; id: string }) {
  const [range, setRange] = useState<RangeChoice>(DEFAULT_RANGE)
  const query = useQuery<ItemAnalytics>({ queryKey: itemAnalyticsQueryKey(kind, id, range), refetchInterval: REFRESH_MS.adminAnalytics, placeholderData: keepPreviousData })
  const item = query.data
  const noun = kind === 'video' ? 'Video' : 'Post'
  const cards = item
    ? [
        <StatCard key="views" label="Views on this site" value={formatCount(item.totals.views)} fullValue={full(item.totals.views)} note="Page views in this range" />,
        ...(kind === 'video'
          ? [
              <StatCard key="viewers" label="Viewers" value={formatCount(item.totals.viewers)} fullValue={full(item.totals.viewers)} note="Visits in which members played it" />,
              <StatCard key="watch" label="Watch time" value={formatWatchTime(item.totals.watchTimeSeconds)} fullValue={`${full(item.totals.watchTimeSeconds)} seconds`} />,
              <StatCard key="completion" label="Completion rate" value={formatPercent(item.totals.completionRate * 100)} note={`${full(item.totals.completions)} of ${full(item.totals.viewers)} viewers watched 80% or more`} />,
              ...(item.youtubeViews !== null
                ? [<StatCard key="youtube" label="YouTube views (imported)" value={formatCount(item.youtubeViews)} fullValue={full(item.youtubeViews)} note="YouTube's own count, all time; not added to this site's views" />]
                : []),
            ]
          : [<StatCard key="time" label="Time on page" value={formatWatchTime(item.totals.timeOnPageSeconds)} fullValue={`${full(item.totals.timeOnPageSeconds)} seconds`} note="Until the reader's next page" />]),
      ]
    : ['Views on this site', 'Watch time'].map((label) => <StatCardPending key={label} label={label} />)

  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <a href="/admin">Analytics</a> <span aria-hidden="true">›</span> <span>{noun}</span>
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-2xl font-bold break-words">{item?.title ?? id}</h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {noun} analytics{item ? ` · ${longDay(item.range.from)} – ${longDay(item.range.to)} (New York days)` : ''} ·{' '}
            <a href={item?.path ?? `/${kind}/${encodeURIComponent(id)}`}>Open the {kind}</a>
          </p>
        </div>
        <RangePicker value={range} onChange={setRange} />
      </div>
      {query.isError ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-card p-3 text-sm">
          Could not load this {kind}'s analytics: {query.error instanceof Error ? query.error.message : 'unknown error'}
        </p>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label={`${noun} figures`} aria-busy={query.isFetching}>
        {cards}
      </ul>
      {item ? (
        <Suspense fallback={<div className="h-80 animate-pulse rounded-xl border border-border bg-muted" aria-busy="true" />}>
          <ItemCharts item={item} />
        </Suspense>
      ) : null}
    </div>
  )
}

export default withQueryClient(ItemAnalyticsPage)
