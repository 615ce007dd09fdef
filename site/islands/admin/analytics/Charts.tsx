// The dashboard's day-by-day charts (recharts), loaded on their own after the figures: each one a
// <figure> with a caption, a one-sentence summary and its data as a table (the text alternative).
// Colours are the theme's CSS variables, so light and dark follow the site's toggle.
import { useId, type ReactNode } from 'react'
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

import { formatCount } from '../../../../shared/format'
import type { AnalyticsDay } from '../../../../shared/types/analytics'
import { longDay, shortDay } from './range'

export const COLORS = { views: 'var(--primary)', sessions: 'var(--success)', signUps: 'var(--primary)', premium: 'var(--accent)' }
export const AXIS = { fill: 'var(--muted-foreground)', fontSize: 12 }
export const TOOLTIP_STYLE = { background: 'var(--card)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--card-foreground)' }

const full = (n: number) => n.toLocaleString('en-US')
/** '1 visit', '2 visits'. */
const counted = (n: number, one: string, many: string) => `${full(n)} ${n === 1 ? one : many}`

function busiest(series: AnalyticsDay[], pick: (d: AnalyticsDay) => number) {
  return series.reduce<AnalyticsDay | null>((best, d) => (pick(d) > (best ? pick(best) : 0) ? d : best), null)
}

export function ChartFigure({ title, summary, table, children }: { title: string; summary: string; table: ReactNode; children: ReactNode }) {
  const id = useId()
  return (
    <figure className="min-w-0 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
      <figcaption>
        <h3 id={`${id}-title`} className="text-base font-bold">
          {title}
        </h3>
        <p id={`${id}-summary`} className="mt-0.5 text-sm text-muted-foreground">
          {summary}
        </p>
      </figcaption>
      <div className="mt-3 h-60 w-full">{children}</div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold">Show the data as a table</summary>
        <div className="mt-2 max-h-72 overflow-auto">{table}</div>
      </details>
    </figure>
  )
}

function SeriesTable({ caption, series, columns }: { caption: string; series: AnalyticsDay[]; columns: { label: string; pick: (d: AnalyticsDay) => number }[] }) {
  return (
    <table className="w-full text-sm tabular-nums">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-muted-foreground">
          <th scope="col" className="py-1 pr-3 font-semibold">
            Day
          </th>
          {columns.map((c) => (
            <th key={c.label} scope="col" className="py-1 pr-3 text-right font-semibold">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {series.map((d) => (
          <tr key={d.date} className="border-t border-border">
            <th scope="row" className="py-1 pr-3 text-left font-normal whitespace-nowrap">
              {longDay(d.date)}
            </th>
            {columns.map((c) => (
              <td key={c.label} className="py-1 pr-3 text-right">
                {full(c.pick(d))}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

const axes = (
  <>
    <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
    <XAxis dataKey="date" tickFormatter={shortDay} tick={AXIS} stroke="var(--border)" minTickGap={16} />
    <YAxis tickFormatter={(n: number) => formatCount(n)} tick={AXIS} stroke="var(--border)" width={44} allowDecimals={false} />
  </>
)

/** Page views and visits, and sign-ups and new Premium, day by day over the chosen range. */
export default function AnalyticsCharts({ series }: { series: AnalyticsDay[] }) {
  const first = series[0]?.date
  const last = series.at(-1)?.date
  const span = first && last ? `${longDay(first)} to ${longDay(last)}` : ''
  const sum = (pick: (d: AnalyticsDay) => number) => series.reduce((t, d) => t + pick(d), 0)
  const peak = busiest(series, (d) => d.pageViews)
  const trafficSummary =
    `${counted(sum((d) => d.pageViews), 'page view', 'page views')} and ${counted(sum((d) => d.sessions), 'visit', 'visits')} from ${span}` +
    (peak ? `; the busiest day was ${longDay(peak.date)} with ${counted(peak.pageViews, 'page view', 'page views')}.` : '.')
  const growthSummary = `${counted(sum((d) => d.signUps), 'sign-up', 'sign-ups')} and ${counted(sum((d) => d.newPremium), 'new Premium member', 'new Premium members')} from ${span}.`
  const tooltip = <Tooltip contentStyle={TOOLTIP_STYLE} labelFormatter={(label) => longDay(String(label))} formatter={(value) => full(Number(value))} />

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartFigure
        title="Page views and visits"
        summary={trafficSummary}
        table={<SeriesTable caption="Page views and visits by day" series={series} columns={[{ label: 'Page views', pick: (d) => d.pageViews }, { label: 'Visits', pick: (d) => d.sessions }]} />}
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title="Page views and visits by day" desc={trafficSummary}>
            {axes}
            {tooltip}
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Area type="monotone" dataKey="pageViews" name="Page views" stroke={COLORS.views} fill={COLORS.views} fillOpacity={0.18} strokeWidth={2} />
            <Area type="monotone" dataKey="sessions" name="Visits" stroke={COLORS.sessions} fill={COLORS.sessions} fillOpacity={0.12} strokeWidth={2} />
          </AreaChart>
        </ResponsiveContainer>
      </ChartFigure>
      <ChartFigure
        title="Sign-ups and new Premium"
        summary={growthSummary}
        table={<SeriesTable caption="Sign-ups and new Premium by day" series={series} columns={[{ label: 'Sign-ups', pick: (d) => d.signUps }, { label: 'New Premium', pick: (d) => d.newPremium }]} />}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title="Sign-ups and new Premium by day" desc={growthSummary}>
            {axes}
            {tooltip}
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="signUps" name="Sign-ups" fill={COLORS.signUps} radius={[3, 3, 0, 0]} />
            <Bar dataKey="newPremium" name="New Premium" fill={COLORS.premium} radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>
    </div>
  )
}
