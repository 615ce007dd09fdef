import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'

import { RECOMMENDATIONS_LOAD_FAILED } from '../../../shared/member-messages'
import { ERROR } from '../../../shared/messages'
import { toast } from '../../lib/stores/toast-store'
import { Button } from '../ui/Button'
import { Spinner } from '../ui/Spinner'
import { ListLoadFailed, ListLoading } from './ListState'
import { cx } from '../ui/styles'
import { FEED_FILTER_LABELS, FEED_FILTERS, feedQueryKey, type FeedFilter } from './display'
import { RecommendationCard } from './RecommendationCard'
import type { Recommendation } from './types'

const NONE: Recommendation[] = []

export interface RecommendationFeedProps {
  filter: FeedFilter
  onFilterChange: (filter: FeedFilter) => void
  /** The empty state's way to the New Mood tab. */
  onPickMood: () => void
  /** What just arrived ('8 recommendations for your hopeful mood.'), announced politely. */
  notice: string
}

/** 'My Feed' (SPEC §2): the filter, Refresh, and the member's current recommendations. */
export function RecommendationFeed({ filter, onFilterChange, onPickMood, notice }: RecommendationFeedProps) {
  const feed = useQuery<Recommendation[]>({ queryKey: feedQueryKey(filter) })
  const listRef = useRef<HTMLUListElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // Where focus goes after an item leaves: the item that took its place, or the heading.
  const [focusAt, setFocusAt] = useState<{ index: number; id: Recommendation['id'] } | null>(null)
  const items = feed.data ?? NONE

  useEffect(() => {
    if (focusAt === null || items.some((r) => String(r.id) === String(focusAt.id))) return
    const links = listRef.current?.querySelectorAll<HTMLAnchorElement>('h3 a')
    const target = links && links.length ? links[Math.min(focusAt.index, links.length - 1)] : headingRef.current
    target?.focus()
    setFocusAt(null)
  }, [focusAt, items])

  const refresh = async () => {
    const result = await feed.refetch()
    if (result.isError) toast({ title: ERROR, description: RECOMMENDATIONS_LOAD_FAILED, variant: 'destructive' })
  }
  const removed = (id: Recommendation['id']) => {
    const index = items.findIndex((r) => String(r.id) === String(id))
    setFocusAt({ index: Math.max(0, index), id })
  }

  return (
    <section aria-labelledby="feed-heading" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="feed-heading" ref={headingRef} tabIndex={-1} className="flex-1 text-2xl font-bold">
          Your feed
        </h2>
        {/* Phones: the filter on a row of its own under the heading and Refresh. */}
        <fieldset className="order-last flex w-full items-center gap-2 sm:order-none sm:w-auto">
          <legend className="sr-only">Show</legend>
          <span aria-hidden="true" className="text-sm font-semibold text-muted-foreground">
            Show
          </span>
          <div className="inline-flex rounded-lg bg-muted p-1">
            {FEED_FILTERS.map((f) => (
              <label
                key={f}
                className={cx(
                  'relative inline-flex min-h-9 cursor-pointer items-center rounded-md px-3 text-sm font-semibold whitespace-nowrap transition-colors',
                  'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-0 has-[:focus-visible]:outline-ring has-[:focus-visible]:outline-solid',
                  filter === f ? 'bg-card text-foreground shadow-sm dark:bg-border' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <input
                  type="radio"
                  name="feed-filter"
                  value={f}
                  checked={filter === f}
                  onChange={() => onFilterChange(f)}
                  className="absolute inset-0 cursor-pointer opacity-0"
                />
                {FEED_FILTER_LABELS[f]}
              </label>
            ))}
          </div>
        </fieldset>
        <Button variant="outline" size="sm" onClick={refresh} aria-disabled={feed.isFetching || undefined}>
          {feed.isFetching ? (
            <Spinner />
          ) : (
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
            </svg>
          )}
          Refresh
        </Button>
      </div>

      <p role="status" className={cx('text-sm font-semibold text-success', !notice && 'sr-only')}>
        {notice}
      </p>

      {feed.isPending ? (
        <ListLoading what="recommendations" />
      ) : feed.isError && !feed.data ? (
        <ListLoadFailed message={RECOMMENDATIONS_LOAD_FAILED} onRetry={refresh} />
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border px-4 py-10 text-center">
          <p className="font-semibold">{filter === 'all' ? 'No recommendations yet.' : `No ${FEED_FILTER_LABELS[filter].toLowerCase()} in your feed yet.`}</p>
          <p className="mt-1 text-muted-foreground">Tell us how you're feeling in New Mood and we'll pick videos and posts for you.</p>
          <Button className="mt-4" onClick={onPickMood}>
            Choose a mood
          </Button>
        </div>
      ) : (
        <ul ref={listRef} aria-label="Recommended for you" aria-busy={feed.isFetching || undefined} className="space-y-3">
          {items.map((item) => (
            <RecommendationCard key={item.id} item={item} onRemoved={removed} />
          ))}
        </ul>
      )}
    </section>
  )
}
