// One item's charts (recharts, loaded on their own): page views day by day, and for a video the
// retention curve, the share of its viewers still watching at each 5 % of its length. Each has its
// data as a table (the text alternative).
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

import { formatCount, formatPercent } from '../../../../shared/format'
import type { ItemAnalytics } from '../../../../shared/types/analytics'
import { AXIS, ChartFigure, COLORS, TOOLTIP_STYLE } from './Charts'
import { longDay, shortDay } from './range'

const full = (n: number) => n.toLocaleString('en-US')
const pct = (share: number) => formatPercent(share * 100)

function ViewsTable({ item }: { item: ItemAnalytics }) {
  const video = item.kind === 'video'
  return (
    <table className="w-full text-sm tabular-nums">
      <caption className="sr-only">Page views by day</caption>
      <thead>
        <tr className="text-left text-muted-foreground">
          <th scope="col" className="py-1 pr-3 font-semibold">
            Day
          </th>
          <th scope="col" className="py-1 pr-3 text-right font-semibold">
            Page views
          </th>
          {video ? (
            <>
              <th scope="col" className="py-1 pr-3 text-right font-semibold">
                Watch time (s)
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-semibold">
                Completed
              </th>
            </>
          ) : (
            <th scope="col" className="py-1 pr-3 text-right font-semibold">
              Time on page (s)
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {item.series.map((d) => (
          <tr key={d.date} className="border-t border-border">
            <th scope="row" className="py-1 pr-3 text-left font-normal whitespace-nowrap">
              {longDay(d.date)}
            </th>
            <td className="py-1 pr-3 text-right">{full(d.views)}</td>
            {video ? (
              <>
                <td className="py-1 pr-3 text-right">{full(d.watchTimeSeconds)}</td>
                <td className="py-1 pr-3 text-right">{full(d.completions)}</td>
              </>
            ) : (
              <td className="py-1 pr-3 text-right">{full(d.timeOnPageSeconds)}</td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export default function ItemCharts({ item }: { item: ItemAnalytics }) {
  const peak = item.series.reduce<(typeof item.series)[number] | null>((best, d) => (d.views > (best?.views ?? 0) ? d : best), null)
  const viewsSummary = `${full(item.totals.views)} page ${item.totals.views === 1 ? 'view' : 'views'} on this site` + (peak ? `; the busiest day was ${longDay(peak.date)} with ${full(peak.views)}.` : '.')
  const curve = item.retention.map((p) => ({ ...p, label: `${p.percent}%` }))
  const half = item.retention.find((p) => p.share < 0.5)
  const retentionSummary = !item.totals.viewers
    ? 'No member played this video in this range.'
    : `${full(item.totals.viewers)} ${item.totals.viewers === 1 ? 'viewer' : 'viewers'}; ` +
      (half ? `fewer than half were still watching at ${half.percent}% of the video.` : 'at least half watched to the last 5%.')
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartFigure title="Views over time" summary={viewsSummary} table={<ViewsTable item={item} />}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={item.series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title="Page views by day" desc={viewsSummary}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" tickFormatter={shortDay} tick={AXIS} stroke="var(--border)" minTickGap={16} />
            <YAxis tickFormatter={(n: number) => formatCount(n)} tick={AXIS} stroke="var(--border)" width={44} allowDecimals={false} />
            <Tooltip contentStyle={TOOLTIP_STYLE} labelFormatter={(label) => longDay(String(label))} formatter={(value) => full(Number(value))} />
            <Bar dataKey="views" name="Page views" fill={COLORS.views} radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>
      {item.kind === 'video' ? (
        <ChartFigure
          title="Retention"
          summary={retentionSummary}
          table={
            <table className="w-full text-sm tabular-nums">
              <caption className="sr-only">Share of viewers still watching at each point of the video</caption>
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th scope="col" className="py-1 pr-3 font-semibold">
                    Point in the video
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right font-semibold">
                    Still watching
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right font-semibold">
                    Viewers
                  </th>
                </tr>
              </thead>
              <tbody>
                {item.retention.map((p) => (
                  <tr key={p.percent} className="border-t border-border">
                    <th scope="row" className="py-1 pr-3 text-left font-normal">
                      {p.percent}%
                    </th>
                    <td className="py-1 pr-3 text-right">{pct(p.share)}</td>
                    <td className="py-1 pr-3 text-right">{full(p.viewers)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        >
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={curve} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title="Share of viewers still watching" desc={retentionSummary}>
              <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={AXIS} stroke="var(--border)" minTickGap={8} />
              <YAxis domain={[0, 1]} tickFormatter={(n: number) => `${Math.round(n * 100)}%`} tick={AXIS} stroke="var(--border)" width={44} />
              <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(value) => pct(Number(value))} />
              <Area type="stepAfter" dataKey="share" name="Still watching" stroke={COLORS.sessions} fill={COLORS.sessions} fillOpacity={0.18} strokeWidth={2} />
            </AreaChart>
          </ResponsiveContainer>
        </ChartFigure>
      ) : null}
    </div>
  )
}
