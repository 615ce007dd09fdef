import { useMutation } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import type { RecommendationFeedback } from '../../../shared/constants'
import { formatDuration } from '../../../shared/format'
import { ERROR, FEEDBACK_CONFIRMATIONS, FEEDBACK_FAILED } from '../../../shared/messages'
import { apiJson } from '../../lib/api-client'
import { getQueryClient } from '../../lib/query-client'
import { toast } from '../../lib/stores/toast-store'
import { Spinner } from '../ui/Spinner'
import { badgeClass, CARD_CLASS, cx } from '../ui/styles'
import { contentTypeLabel, FEEDS_QUERY_KEY, itemDetails, SCORE_TIER_LABELS, scorePercent, scoreTier, withFeedback, type ScoreTier } from './display'
import { Thumbnail } from '../ui/Thumbnail'
import { markViewed } from './mark-viewed'
import type { Recommendation } from './types'

/** The three feedback buttons: their names say what the press means. */
const FEEDBACK_BUTTONS: { value: RecommendationFeedback; label: string; icon: ReactNode }[] = [
  { value: 'liked', label: 'I like this', icon: <path d="M7 11v9H4v-9zM7 11l4-8a2 2 0 0 1 3 2l-1 5h5.5a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 17.3 20H7" /> },
  { value: 'disliked', label: 'Not for me', icon: <path d="M17 13V4h3v9zM17 13l-4 8a2 2 0 0 1-3-2l1-5H5.5a2 2 0 0 1-2-2.3l1.2-6A2 2 0 0 1 6.7 4H17" /> },
  { value: 'not_interested', label: 'Not interested', icon: <path d="M5 5l14 14M3 12s3.5-6 9-6c1.6 0 3 .5 4.2 1.2M21 12s-1.2 2-3.3 3.7M9.9 9.9a3 3 0 0 0 4.2 4.2M12 18c-5.5 0-9-6-9-6" /> },
]

/** Each tier in colours that keep 4.5:1 in both themes, and an icon of its own. */
const TIER_STYLES: Record<ScoreTier, { tone: string; icon: ReactNode }> = {
  green: { tone: 'bg-success-soft text-success', icon: <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" fill="currentColor" /> },
  yellow: { tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200', icon: <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" /> },
  neutral: { tone: 'bg-muted text-foreground', icon: <circle cx="12" cy="12" r="5" /> },
}

export interface RecommendationCardProps {
  item: Recommendation
  /** Called when a not_interested item is about to leave the lists, so focus can move on. */
  onRemoved: (id: Recommendation['id']) => void
}

/** One recommended video or post: picture, title link, type, score, reason and the feedback buttons. */
export function RecommendationCard({ item, onRemoved }: RecommendationCardProps) {
  const { title, imageUrl } = itemDetails(item)
  const tier = scoreTier(item.score)
  const send = useMutation({
    mutationFn: (feedback: RecommendationFeedback) =>
      apiJson<Recommendation | null>('PATCH', `/api/recommendations/${encodeURIComponent(String(item.id))}/feedback`, { feedback }),
    onSuccess: (updated, feedback) => {
      // Told first, while the item is still in the list, so the feed knows where focus goes next.
      if (feedback === 'not_interested') onRemoved(item.id)
      getQueryClient().setQueriesData<Recommendation[]>({ queryKey: FEEDS_QUERY_KEY }, (list) => (list ? withFeedback(list, item.id, feedback, updated) : list))
      toast({ title: FEEDBACK_CONFIRMATIONS[feedback] })
    },
    onError: () => toast({ title: ERROR, description: FEEDBACK_FAILED, variant: 'destructive' }),
  })
  const open = () => {
    markViewed(item.id)
    // Opened in another tab, the item reads as viewed here too.
    getQueryClient().setQueriesData<Recommendation[]>({ queryKey: FEEDS_QUERY_KEY }, (list) =>
      list?.map((r) => (String(r.id) === String(item.id) ? { ...r, isViewed: true } : r)),
    )
  }
  const headingId = `recommendation-${item.id}-title`

  return (
    <li className={cx(CARD_CLASS, 'relative flex gap-3 p-3 sm:gap-4 sm:p-4')} aria-labelledby={headingId} aria-busy={send.isPending || undefined}>
      <div className="w-28 shrink-0 sm:w-44">
        <Thumbnail src={imageUrl} alt={title} contentType={item.contentType} size="card" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h3 id={headingId} className="font-sans text-base leading-snug font-semibold sm:text-lg">
          {/* The link stretches over the card, so the picture opens the item too. */}
          <a
            href={item.url}
            onClick={open}
            onAuxClick={(e) => e.button === 1 && open()}
            className="line-clamp-3 text-pretty text-foreground no-underline after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:underline sm:line-clamp-2"
          >
            {title}
          </a>
        </h3>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span className={badgeClass('neutral')}>{contentTypeLabel(item.contentType)}</span>
          {item.video?.duration ? <span className="tabular-nums">{formatDuration(item.video.duration)}</span> : null}
          {item.blogPost?.readTime ? <span>{`${item.blogPost.readTime} min read`}</span> : null}
          {item.video?.isPremium ? <span className={badgeClass('premium')}>Premium</span> : null}
          {item.isViewed ? <span>Viewed</span> : null}
        </p>
        <p className="text-sm text-pretty text-muted-foreground">{item.reason}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
          <p className={badgeClass('plain', cx('px-2.5 py-1 text-sm', TIER_STYLES[tier].tone))} data-score-tier={tier}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
              {TIER_STYLES[tier].icon}
            </svg>
            <span className="sr-only">Match score </span>
            <span className="tabular-nums">{scorePercent(item.score)}</span>
            <span aria-hidden="true">·</span>
            <span>{SCORE_TIER_LABELS[tier]}</span>
          </p>
          <div role="group" aria-label={`Feedback on ${title}`} className="relative z-10 flex flex-wrap gap-1">
            {FEEDBACK_BUTTONS.map(({ value, label, icon }) => {
              const pressed = item.feedback === value
              const busy = send.isPending && send.variables === value
              return (
                <button
                  key={value}
                  type="button"
                  aria-pressed={pressed}
                  title={label}
                  aria-disabled={send.isPending || undefined}
                  onClick={() => !send.isPending && send.mutate(value)}
                  className={cx(
                    'inline-flex h-9 min-w-9 items-center justify-center gap-1.5 rounded-md border px-2 text-sm font-semibold transition-colors aria-disabled:cursor-progress',
                    pressed ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-card text-foreground hover:bg-muted',
                  )}
                >
                  {busy ? (
                    <Spinner />
                  ) : (
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                      {icon}
                    </svg>
                  )}
                  <span className="sr-only lg:not-sr-only">{label}</span>
                </button>
              )
            })}
          </div>
        </div>
      </div>
    </li>
  )
}
