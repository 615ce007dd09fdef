// Top videos and posts of the range, by views and by watch (or reading) time: ranked tables whose
// leading column carries a bar scaled to the first row, so the table is the chart and its own
// text alternative. Each title opens that item's analytics page. Phones scroll the table sideways.
import type { ReactNode } from 'react'

import { analyticsItemHref } from '../../../../shared/admin-routes'
import { formatCount, formatWatchTime } from '../../../../shared/format'
import type { TopPost, TopVideo } from '../../../../shared/types/analytics'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs'

type Column<T> = { label: string; value: (row: T) => string; full?: (row: T) => string }

function RankedTable<T>({ caption, rows, name, href, score, columns, empty }: {
  caption: string
  rows: T[]
  name: (row: T) => string
  href: (row: T) => string
  score: (row: T) => number
  columns: Column<T>[]
  empty: string
}) {
  if (!rows.length) return <p className="py-4 text-sm text-muted-foreground">{empty}</p>
  const top = Math.max(1, score(rows[0]!))
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[28rem] text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="w-8 py-1.5 pr-2 font-semibold">
              #
            </th>
            <th scope="col" className="py-1.5 pr-3 font-semibold">
              Title
            </th>
            {columns.map((c) => (
              <th key={c.label} scope="col" className="py-1.5 pr-2 text-right font-semibold whitespace-nowrap">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={href(row)} className="border-t border-border align-top">
              <td className="py-2 pr-2 text-muted-foreground">{i + 1}</td>
              <th scope="row" className="py-2 pr-3 text-left font-normal">
                <a href={href(row)} className="font-semibold break-words">
                  {name(row)}
                </a>
                <span aria-hidden="true" className="mt-1 block h-1.5 rounded-full bg-primary/70" style={{ width: `${Math.max(2, (score(row) / top) * 100)}%` }} />
              </th>
              {columns.map((c) => (
                <td key={c.label} className="py-2 pr-2 text-right whitespace-nowrap" title={c.full?.(row)}>
                  {c.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm" aria-label={title}>
      <h3 className="text-base font-bold">{title}</h3>
      {children}
    </section>
  )
}

const seconds = (s: number) => `${s.toLocaleString('en-US')} seconds`

export function TopLists({ videos, posts }: { videos: { byViews: TopVideo[]; byWatchTime: TopVideo[] }; posts: { byViews: TopPost[]; byTimeOnPage: TopPost[] } }) {
  const videoColumns: Column<TopVideo>[] = [
    { label: 'Views on this site', value: (v) => formatCount(v.views), full: (v) => v.views.toLocaleString('en-US') },
    { label: 'Watch time', value: (v) => formatWatchTime(v.watchTimeSeconds), full: (v) => seconds(v.watchTimeSeconds) },
    { label: 'Completed', value: (v) => formatCount(v.completions), full: (v) => v.completions.toLocaleString('en-US') },
  ]
  const postColumns: Column<TopPost>[] = [
    { label: 'Views', value: (p) => formatCount(p.views), full: (p) => p.views.toLocaleString('en-US') },
    { label: 'Time on page', value: (p) => formatWatchTime(p.timeOnPageSeconds), full: (p) => seconds(p.timeOnPageSeconds) },
  ]
  const video = (rows: TopVideo[], by: 'views' | 'watch') => (
    <RankedTable
      caption={by === 'views' ? 'Top videos by views' : 'Top videos by watch time'}
      rows={rows}
      name={(v) => v.title ?? v.videoId}
      href={(v) => analyticsItemHref('video', v.videoId)}
      score={by === 'views' ? (v) => v.views : (v) => v.watchTimeSeconds}
      columns={videoColumns}
      empty={by === 'views' ? 'No video was viewed in this range.' : 'No member watched a video in this range.'}
    />
  )
  const post = (rows: TopPost[], by: 'views' | 'time') => (
    <RankedTable
      caption={by === 'views' ? 'Top posts by views' : 'Top posts by time on page'}
      rows={rows}
      name={(p) => p.title ?? p.slug}
      href={(p) => analyticsItemHref('post', p.slug)}
      score={by === 'views' ? (p) => p.views : (p) => p.timeOnPageSeconds}
      columns={postColumns}
      empty={by === 'views' ? 'No post was read in this range.' : 'No reading time recorded in this range yet.'}
    />
  )
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <Panel title="Top videos">
        <Tabs defaultValue="views" className="mt-2">
          <TabsList aria-label="Rank videos by">
            <TabsTrigger value="views">By views</TabsTrigger>
            <TabsTrigger value="watch">By watch time</TabsTrigger>
          </TabsList>
          <TabsContent value="views" className="mt-3">
            {video(videos.byViews, 'views')}
          </TabsContent>
          <TabsContent value="watch" className="mt-3">
            {video(videos.byWatchTime, 'watch')}
          </TabsContent>
        </Tabs>
      </Panel>
      <Panel title="Top posts">
        <Tabs defaultValue="views" className="mt-2">
          <TabsList aria-label="Rank posts by">
            <TabsTrigger value="views">By views</TabsTrigger>
            <TabsTrigger value="time">By time on page</TabsTrigger>
          </TabsList>
          <TabsContent value="views" className="mt-3">
            {post(posts.byViews, 'views')}
          </TabsContent>
          <TabsContent value="time" className="mt-3">
            {post(posts.byTimeOnPage, 'time')}
          </TabsContent>
        </Tabs>
      </Panel>
    </div>
  )
}
