import type { ReactNode } from 'react'
import { formatCount } from '../../../shared/format'
import { WATCH_LIVE, WATCH_REPLAY } from '../../../shared/live-messages'
import type { LiveStream } from '../../../shared/types/live'
import { ButtonLink } from '../ui/Button'
import { buttonClass, CARD_CLASS, cx } from '../ui/styles'
import { LocalDateTime } from './LocalDateTime'
import { LiveBadge, PremiumBadge } from './StreamBadges'
import { PLATFORM_LABELS, viewersText } from './live-streams'

const PLAY_ICON = (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
    <path d="M8 5v14l11-7z" />
  </svg>
)
const LOCK_ICON = (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
)

function Thumb({ stream, children }: { stream: LiveStream; children?: ReactNode }) {
  return (
    <div className="relative aspect-video overflow-hidden rounded-t-xl bg-linear-to-br from-primary/25 via-muted to-accent/25">
      {stream.thumbnailUrl ? <img src={stream.thumbnailUrl} alt="" loading="lazy" className="h-full w-full object-cover" /> : null}
      {children}
    </div>
  )
}

/** A stream on air: LIVE and Premium badges, viewers, platform, 'Watch Live'. */
export function LiveStreamCard({ stream, onWatch }: { stream: LiveStream; onWatch: (stream: LiveStream) => void }) {
  const headingId = `live-stream-${stream.id}`
  return (
    <article aria-labelledby={headingId} className={cx(CARD_CLASS, 'flex flex-col')} data-testid="live-stream-card" data-stream-id={stream.id}>
      <Thumb stream={stream}>
        <div className="absolute top-3 left-3 flex gap-1.5">
          <LiveBadge />
          {stream.isPremium ? <PremiumBadge /> : null}
        </div>
        <span className="absolute right-3 bottom-3 rounded-md bg-black/75 px-2 py-0.5 text-xs font-semibold text-white tabular-nums" data-testid="viewer-count">
          {viewersText(stream.viewerCount)}
        </span>
      </Thumb>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={headingId} className="text-lg leading-snug font-bold break-words">
          {stream.title}
        </h3>
        {stream.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{stream.description}</p> : null}
        <p className="text-sm text-muted-foreground">
          <span className="sr-only">Platform: </span>
          {PLATFORM_LABELS[stream.platform]}
        </p>
        <div className="mt-auto pt-2">
          <button type="button" onClick={() => onWatch(stream)} className={buttonClass(stream.canWatch ? 'primary' : 'premium', 'md', 'w-full')} aria-describedby={headingId}>
            {stream.canWatch ? PLAY_ICON : LOCK_ICON}
            {WATCH_LIVE}
          </button>
        </div>
      </div>
    </article>
  )
}

/** A scheduled stream: its title, when (on the reader's clock), Premium. */
export function UpcomingStreamCard({ stream }: { stream: LiveStream }) {
  return (
    <li className={cx(CARD_CLASS, 'flex items-start gap-4 p-4')} data-testid="upcoming-stream" data-stream-id={stream.id}>
      <div aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </svg>
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-bold break-words">{stream.title}</h3>
          {stream.isPremium ? <PremiumBadge /> : null}
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          {stream.scheduledAt ? <LocalDateTime iso={stream.scheduledAt} /> : 'Time to be announced'}
          <span aria-hidden="true"> · </span>
          {PLATFORM_LABELS[stream.platform]}
        </p>
        {stream.description ? <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{stream.description}</p> : null}
      </div>
    </li>
  )
}

/** An ended stream, with its replay once the recording is on the site. */
export function EndedStreamCard({ stream }: { stream: LiveStream }) {
  return (
    <li className={cx(CARD_CLASS, 'flex flex-wrap items-center gap-x-4 gap-y-2 p-4')} data-testid="ended-stream" data-stream-id={stream.id}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-bold break-words">{stream.title}</h3>
          {stream.isPremium ? <PremiumBadge /> : null}
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          {stream.actualEnd ? (
            <>
              Ended <LocalDateTime iso={stream.actualEnd} />
            </>
          ) : (
            'Ended'
          )}
          {stream.maxViewers > 0 ? (
            <>
              <span aria-hidden="true"> · </span>
              {`${formatCount(stream.maxViewers)} at the peak`}
            </>
          ) : null}
        </p>
      </div>
      {stream.replayUrl ? (
        <ButtonLink href={stream.replayUrl} variant="outline" size="sm">
          {PLAY_ICON}
          {WATCH_REPLAY}
        </ButtonLink>
      ) : null}
    </li>
  )
}
