import { useMutation, useQuery } from '@tanstack/react-query'

import { MOOD } from '../../../shared/constants'
import { formatDateTime, formatRelativeTime } from '../../../shared/format'
import { MOOD_HISTORY_LOAD_FAILED } from '../../../shared/member-messages'
import { ERROR, GENERATION_FAILED } from '../../../shared/messages'
import type { GenerateRecommendationsInput } from '../../../shared/schemas/engagement'
import { apiJson } from '../../lib/api-client'
import { toast } from '../../lib/stores/toast-store'
import { Button } from '../ui/Button'
import { Spinner } from '../ui/Spinner'
import { ListLoadFailed, ListLoading } from './ListState'
import { CARD_CLASS, cx } from '../ui/styles'
import { formatIntensity, intensityWord, MOODS_QUERY_KEY, moodLabel } from './display'
import type { Recommendation, UserMood } from './types'

export interface MoodHistoryProps {
  now: Date
  onRecommended: (recommendations: Recommendation[]) => void
  onPickMood: () => void
}

/** 'History' (SPEC §2): the member's last moods, newest first, each with 'Generate Again'. */
export function MoodHistory({ now, onRecommended, onPickMood }: MoodHistoryProps) {
  const moods = useQuery<UserMood[]>({ queryKey: MOODS_QUERY_KEY })
  const generate = useMutation({
    mutationFn: (entry: UserMood) =>
      apiJson<Recommendation[]>('POST', '/api/recommendations/generate', { mood: entry.mood, limit: MOOD.regenerateLimit } satisfies GenerateRecommendationsInput),
    onSuccess: (recommendations) => onRecommended(recommendations ?? []),
    onError: () => toast({ title: ERROR, description: GENERATION_FAILED, variant: 'destructive' }),
  })
  const entries = (moods.data ?? []).slice(0, MOOD.historyLimit)

  return (
    <section aria-labelledby="history-heading" className="space-y-4">
      <h2 id="history-heading" className="text-2xl font-bold">
        Recent moods
      </h2>
      {moods.isPending ? (
        <ListLoading what="moods" />
      ) : moods.isError && !moods.data ? (
        <ListLoadFailed message={MOOD_HISTORY_LOAD_FAILED} onRetry={() => void moods.refetch()} />
      ) : entries.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border px-4 py-10 text-center">
          <p className="font-semibold">No moods yet.</p>
          <p className="mt-1 text-muted-foreground">Share how you're feeling in New Mood and it will show up here.</p>
          <Button className="mt-4" onClick={onPickMood}>
            Choose a mood
          </Button>
        </div>
      ) : (
        <ul aria-label="Your recent moods" className="space-y-3">
          {entries.map((entry) => {
            const busy = generate.isPending && generate.variables?.id === entry.id
            const headingId = `mood-${entry.id}-title`
            return (
              <li key={entry.id} className={cx(CARD_CLASS, 'flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between')} aria-labelledby={headingId}>
                <div className="min-w-0 space-y-1">
                  <h3 id={headingId} className="font-sans text-lg font-bold">
                    {moodLabel(entry.mood)}
                  </h3>
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                    <span className="inline-flex items-center gap-2">
                      <span>
                        Intensity <span className="font-semibold text-foreground tabular-nums">{formatIntensity(entry.intensity)}</span> · {intensityWord(entry.intensity)}
                      </span>
                      <span aria-hidden="true" className="inline-block h-1.5 w-16 overflow-hidden rounded-full bg-muted">
                        <span className="block h-full rounded-full bg-primary" style={{ width: `${Math.round(entry.intensity * 100)}%` }} />
                      </span>
                    </span>
                    <MoodTime iso={entry.createdAt} now={now} />
                  </p>
                  {entry.context ? <p className="text-sm text-pretty break-words">“{entry.context}”</p> : null}
                </div>
                <Button
                  variant="outline"
                  className="shrink-0 self-start sm:self-center"
                  aria-describedby={headingId}
                  aria-disabled={generate.isPending || undefined}
                  onClick={() => !generate.isPending && generate.mutate(entry)}
                >
                  {busy ? <Spinner /> : null}
                  Generate Again
                </Button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

/** '2 hours ago', with the full date and time beside it. */
function MoodTime({ iso, now }: { iso: string; now: Date }) {
  let relative: string
  let absolute: string
  try {
    relative = formatRelativeTime(iso, now)
    absolute = formatDateTime(iso)
  } catch {
    return null
  }
  return (
    <time dateTime={iso}>
      {relative}
      {relative !== absolute && !absolute.startsWith(relative) ? <span className="hidden sm:inline"> · {absolute}</span> : null}
    </time>
  )
}
