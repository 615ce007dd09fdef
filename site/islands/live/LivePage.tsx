import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { LIVE_LIST_REFRESH_MS } from '../../../shared/constants'
import { LIVE_LIST_REFRESH_FAILED, LIVE_NOW, NO_ONE_LIVE, NO_RECENT_STREAMS, NO_UPCOMING_STREAMS, RECENT_STREAMS, UPCOMING_STREAMS, UPGRADE_NOW } from '../../../shared/live-messages'
import { PREMIUM_REQUIRED, PREMIUM_REQUIRED_DESCRIPTION } from '../../../shared/messages'
import type { LiveStream } from '../../../shared/types/live'
import { withQueryClient } from '../../lib/query-client'
import { ButtonLink } from '../ui/Button'
import { CARD_CLASS, cx } from '../ui/styles'
import { PlayerDialog } from './PlayerDialog'
import { EndedStreamCard, LiveStreamCard, UpcomingStreamCard } from './StreamCards'
import { groupStreams } from './live-streams'

export const LIVE_STREAMS_QUERY_KEY = ['/api/live-streams'] as const

export interface LivePageProps {
  initialStreams: LiveStream[]
  /** The member's id (their own chat messages, mutes of them). */
  selfId: number
  /** The gate opens premium streams for this member: no upgrade banner. */
  opensPremium: boolean
}

function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <h2 id={id} className="flex items-center gap-2 text-2xl font-bold">
        {title}
        {count ? <span className="rounded-full bg-muted px-2 py-0.5 text-sm font-semibold text-muted-foreground tabular-nums">{count}</span> : null}
      </h2>
      {children}
    </section>
  )
}

const Empty = ({ children, testId }: { children: ReactNode; testId: string }) => (
  <p className={cx(CARD_CLASS, 'px-6 py-8 text-center text-muted-foreground')} data-testid={testId}>
    {children}
  </p>
)

/** /live's lists, kept fresh (a stream that goes live appears, viewer counts move), and the player. */
function LivePage({ initialStreams, selfId, opensPremium }: LivePageProps) {
  const { data: streams = initialStreams, isError } = useQuery<LiveStream[]>({
    queryKey: LIVE_STREAMS_QUERY_KEY,
    initialData: initialStreams,
    initialDataUpdatedAt: Date.now(),
    staleTime: LIVE_LIST_REFRESH_MS,
    refetchInterval: LIVE_LIST_REFRESH_MS,
    refetchOnWindowFocus: true,
    // Keep polling after a failed refresh (the server restarting): the next tick tries again.
    retry: 1,
  })
  const [openId, setOpenId] = useState<number | null>(null)
  const { live, upcoming, ended } = groupStreams(streams)
  // The open stream follows the refreshed list (its count, its status), and stays open if it ended.
  const [opened, setOpened] = useState<LiveStream | null>(null)
  const current = openId === null ? null : (streams.find((s) => s.id === openId) ?? opened)
  const locked = streams.some((s) => s.isPremium && !s.canWatch)

  const watch = (stream: LiveStream) => {
    setOpened(stream)
    setOpenId(stream.id)
  }

  return (
    <div className="grid gap-10">
      {!opensPremium || locked ? (
        <aside aria-labelledby="premium-banner-title" className="flex flex-col gap-4 rounded-xl border border-accent/50 bg-accent/10 p-5 sm:flex-row sm:items-center" data-testid="premium-banner">
          <div className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground" aria-hidden="true">
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor">
              <path d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5z" />
            </svg>
          </div>
          <div className="flex-1">
            <h2 id="premium-banner-title" className="text-lg font-bold">
              {PREMIUM_REQUIRED}
            </h2>
            <p className="text-sm text-muted-foreground">{PREMIUM_REQUIRED_DESCRIPTION}</p>
          </div>
          <ButtonLink href="/subscribe" variant="premium">
            {UPGRADE_NOW}
          </ButtonLink>
        </aside>
      ) : null}

      {isError ? (
        <p role="status" className="text-sm text-muted-foreground">
          {LIVE_LIST_REFRESH_FAILED}
        </p>
      ) : null}

      <Section id="live-now" title={LIVE_NOW} count={live.length}>
        {live.length === 0 ? (
          <Empty testId="no-live">{NO_ONE_LIVE}</Empty>
        ) : (
          <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {live.map((s) => (
              <LiveStreamCard key={s.id} stream={s} onWatch={watch} />
            ))}
          </div>
        )}
      </Section>

      <Section id="upcoming-streams" title={UPCOMING_STREAMS}>
        {upcoming.length === 0 ? (
          <Empty testId="no-upcoming">{NO_UPCOMING_STREAMS}</Empty>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {upcoming.map((s) => (
              <UpcomingStreamCard key={s.id} stream={s} />
            ))}
          </ul>
        )}
      </Section>

      <Section id="recent-streams" title={RECENT_STREAMS}>
        {ended.length === 0 ? (
          <Empty testId="no-ended">{NO_RECENT_STREAMS}</Empty>
        ) : (
          <ul className="grid gap-3">
            {ended.map((s) => (
              <EndedStreamCard key={s.id} stream={s} />
            ))}
          </ul>
        )}
      </Section>

      <PlayerDialog stream={current} selfId={selfId} onClose={() => setOpenId(null)} />
    </div>
  )
}

export default withQueryClient(LivePage)
