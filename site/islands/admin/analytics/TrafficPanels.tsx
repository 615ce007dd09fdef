// Where the range's visitors came from (traffic sources, top referring sites) and what they read on
// (devices): tables whose first column carries a bar of its share, so each is its own text
// alternative. Counts are page views; visits beside them.
import type { ReactNode } from 'react'

import { DEVICE_LABELS, TRAFFIC_SOURCE_LABELS } from '../../../../shared/analytics-sources'
import { formatCount, formatPercent } from '../../../../shared/format'
import type { DeviceFigures, ReferrerFigures, SourceFigures } from '../../../../shared/types/analytics'

type Row = { key: string; label: ReactNode; views: number; visits: number; note?: string }

function ShareTable({ caption, head, rows, empty }: { caption: string; head: string; rows: Row[]; empty: string }) {
  const total = rows.reduce((t, r) => t + r.views, 0)
  if (!total) return <p className="py-4 text-sm text-muted-foreground">{empty}</p>
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[20rem] text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-1.5 pr-3 font-semibold">
              {head}
            </th>
            <th scope="col" className="py-1.5 pr-2 text-right font-semibold">
              Page views
            </th>
            <th scope="col" className="py-1.5 pr-2 text-right font-semibold">
              Share
            </th>
            <th scope="col" className="py-1.5 pr-2 text-right font-semibold">
              Visits
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-t border-border align-top">
              <th scope="row" className="py-2 pr-3 text-left font-normal">
                <span className="font-semibold break-words">{r.label}</span>
                {r.note ? <span className="ml-1 text-xs text-muted-foreground">{r.note}</span> : null}
                <span aria-hidden="true" className="mt-1 block h-1.5 rounded-full bg-primary/70" style={{ width: `${Math.max(2, (r.views / total) * 100)}%` }} />
              </th>
              <td className="py-2 pr-2 text-right" title={r.views.toLocaleString('en-US')}>
                {formatCount(r.views)}
              </td>
              <td className="py-2 pr-2 text-right">{formatPercent((r.views / total) * 100)}</td>
              <td className="py-2 pr-2 text-right" title={r.visits.toLocaleString('en-US')}>
                {formatCount(r.visits)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Panel({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm" aria-label={title}>
      <h3 className="text-base font-bold">{title}</h3>
      <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>
      <div className="mt-2">{children}</div>
    </section>
  )
}

export function TrafficPanels({ sources, referrers, devices }: { sources: SourceFigures[]; referrers: ReferrerFigures[]; devices: DeviceFigures[] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Panel title="Traffic sources" description="Where each page view came from: another page of this site, a search engine, social media, another site, or no link at all (direct).">
        <ShareTable
          caption="Page views by traffic source"
          head="Source"
          rows={[...sources].sort((a, b) => b.views - a.views).map((s) => ({ key: s.source, label: TRAFFIC_SOURCE_LABELS[s.source], views: s.views, visits: s.visits }))}
          empty="No page views in this range."
        />
      </Panel>
      <Panel title="Top referring sites" description="Other sites, search engines and social networks that sent readers here.">
        <ShareTable
          caption="Page views by referring site"
          head="Site"
          rows={referrers.map((r) => ({ key: r.host, label: r.host, note: TRAFFIC_SOURCE_LABELS[r.source], views: r.views, visits: r.visits }))}
          empty="No visitor came from another site in this range."
        />
      </Panel>
      <Panel title="Devices" description="Desktop, mobile or tablet, as each browser described itself.">
        <ShareTable
          caption="Page views by device"
          head="Device"
          rows={devices.map((d) => ({ key: d.device, label: DEVICE_LABELS[d.device], views: d.views, visits: d.visits }))}
          empty="No device recorded in this range yet."
        />
      </Panel>
    </div>
  )
}
