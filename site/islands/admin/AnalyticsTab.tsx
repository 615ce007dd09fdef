// /admin → Analytics (SPEC §2 Admin panel): member counts, video stats (the site's own views apart
// from YouTube's imported counts), revenue and conversion, who is on the site right now, and the
// site's own traffic over a chosen range (charts of page views, visits, sign-ups and new Premium;
// traffic sources, referring sites and devices; top videos and posts, each opening its own
// analytics page). Polls per §9: analytics every 30 s, counts and video stats 60 s; right now 15 s.
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'

import { conversionRate, estimatedMonthlyRevenue } from '../../../shared/analytics'
import { PREMIUM_PRICE_LABEL, REFRESH_MS } from '../../../shared/constants'
import { formatCount, formatMoney, formatPercent, formatWatchTime } from '../../../shared/format'
import type { AnalyticsSummary, UserCounts, VideoStats } from '../../../shared/types/analytics'
import { withQueryClient } from '../../lib/query-client'
import { Button } from '../ui/Button'
import { RangePicker } from './analytics/RangePicker'
import { analyticsQueryKey, DEFAULT_RANGE, longDay, USER_COUNT_KEY, VIDEO_STATS_KEY, type RangeChoice } from './analytics/range'
import { StatCard, StatCardPending } from './analytics/StatCard'
import { RightNow } from './analytics/RightNow'
import { TopLists } from './analytics/TopLists'
import { TrafficPanels } from './analytics/TrafficPanels'

// recharts is fetched only once there is something to draw.
const AnalyticsCharts = lazy(() => import('./analytics/Charts'))

const full = (n: number) => n.toLocaleString('en-US')
const count = (label: string, n: number, note?: string) => <StatCard key={label} label={label} value={formatCount(n)} fullValue={full(n)} note={note} />

function QueryError({ what, query }: { what: string; query: UseQueryResult }) {
  if (!query.isError) return null
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-card p-3 text-sm">
      <span>
        Could not load {what}: {query.error instanceof Error ? query.error.message : 'unknown error'}
      </span>
      <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  )
}

function ChartsPending() {
  return (
    <div className="grid gap-4 lg:grid-cols-2" aria-busy="true">
      {[0, 1].map((i) => (
        <div key={i} className="h-80 animate-pulse rounded-xl border border-border bg-muted" />
      ))}
      <span className="sr-only">Loading charts</span>
    </div>
  )
}

function AnalyticsTab() {
  const [range, setRange] = useState<RangeChoice>(DEFAULT_RANGE)
  const counts = useQuery<UserCounts>({ queryKey: USER_COUNT_KEY, refetchInterval: REFRESH_MS.adminCounts })
  const videos = useQuery<VideoStats>({ queryKey: VIDEO_STATS_KEY, refetchInterval: REFRESH_MS.adminVideoStats })
  const analytics = useQuery<AnalyticsSummary>({ queryKey: analyticsQueryKey(range), refetchInterval: REFRESH_MS.adminAnalytics, placeholderData: keepPreviousData })

  const c = counts.data
  const v = videos.data
  const a = analytics.data
  const overview = [
    ...(c
      ? [
          count('Active users', c.activeUsers, 'Signed in during the last 30 days'),
          count('Total users', c.totalUsers),
          count('Premium users', c.premiumUsers, 'Premium holds today'),
          count('Verified users', c.verifiedUsers, 'Age verified'),
          count('Admin users', c.adminUsers),
        ]
      : ['Active users', 'Total users', 'Premium users', 'Verified users', 'Admin users'].map((label) => <StatCardPending key={label} label={label} />)),
    // The site's own views and YouTube's imported counts side by side, never added together.
    ...(v
      ? [
          count('Total videos', v.totalVideos),
          count('Views on this site', v.siteViews, 'Counted here: once per viewer per video per hour'),
          count('YouTube views (imported)', v.importedViews, "YouTube's own counts, brought in by the import and sync"),
        ]
      : ['Total videos', 'Views on this site', 'YouTube views (imported)'].map((label) => <StatCardPending key={label} label={label} />)),
    c ? (
      <StatCard
        key="revenue"
        label="Revenue"
        value={formatMoney(estimatedMonthlyRevenue(c.premiumUsers))}
        fullValue={`$${estimatedMonthlyRevenue(c.premiumUsers).toFixed(2)}`}
        note={`Premium users × ${PREMIUM_PRICE_LABEL} a month`}
        tone="premium"
      />
    ) : (
      <StatCardPending key="revenue" label="Revenue" />
    ),
    a ? (
      <StatCard key="received" label="Received" value={formatMoney(a.receivedAllTimeCents / 100)} fullValue={`$${(a.receivedAllTimeCents / 100).toFixed(2)}`} note="Payments recorded from PayPal, all time" tone="success" />
    ) : (
      <StatCardPending key="received" label="Received" />
    ),
    c ? (
      <StatCard key="conversion" label="Conversion rate" value={formatPercent(conversionRate(c.premiumUsers, c.totalUsers))} note={`${full(c.premiumUsers)} Premium of ${full(c.totalUsers)} ${c.totalUsers === 1 ? 'user' : 'users'}`} />
    ) : (
      <StatCardPending key="conversion" label="Conversion rate" />
    ),
  ]

  return (
    <div className="space-y-10">
      <section aria-labelledby="analytics-overview" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="analytics-overview" className="text-xl font-bold">
            Overview
          </h2>
          <p className="text-xs text-muted-foreground">Counts refresh every minute.</p>
        </div>
        <QueryError what="the member counts" query={counts} />
        <QueryError what="the video stats" query={videos} />
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Site figures">
          {overview}
        </ul>
      </section>

      <RightNow />

      <section aria-labelledby="analytics-traffic" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="analytics-traffic" className="text-xl font-bold">
              Traffic and growth
            </h2>
            <p className="mt-0.5 text-sm text-muted-foreground">
              {a ? `${longDay(a.range.from)} – ${longDay(a.range.to)} (New York days). ` : ''}Refreshes every 30 seconds; bots are not counted.
            </p>
          </div>
          <RangePicker value={range} onChange={setRange} />
        </div>
        <QueryError what="the analytics" query={analytics} />
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Totals for the range" aria-busy={analytics.isFetching}>
          {a ? (
            <>
              {count('Page views', a.totals.pageViews)}
              {count('Visits', a.totals.sessions, `${full(a.totals.signedInSessions)} signed in`)}
              {count('Sign-ups', a.totals.signUps)}
              {count('New Premium', a.totals.newPremium, 'PayPal subscriptions started')}
              <StatCard label="Watch time" value={formatWatchTime(a.totals.watchTimeSeconds)} fullValue={`${full(a.totals.watchTimeSeconds)} seconds`} note={`${full(a.totals.completions)} ${a.totals.completions === 1 ? 'video' : 'videos'} completed`} />
              <StatCard label="Received in range" value={formatMoney(a.totals.receivedCents / 100)} fullValue={`$${(a.totals.receivedCents / 100).toFixed(2)}`} tone="success" />
            </>
          ) : (
            ['Page views', 'Visits', 'Sign-ups', 'New Premium', 'Watch time', 'Received in range'].map((label) => <StatCardPending key={label} label={label} />)
          )}
        </ul>
        {a ? (
          <Suspense fallback={<ChartsPending />}>
            <AnalyticsCharts series={a.series} />
          </Suspense>
        ) : (
          <ChartsPending />
        )}
        {a ? <TrafficPanels sources={a.sources} referrers={a.topReferrers} devices={a.devices} /> : null}
        {a ? <TopLists videos={a.topVideos} posts={a.topPosts} /> : null}
      </section>
    </div>
  )
}

export default withQueryClient(AnalyticsTab)
