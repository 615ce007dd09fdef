import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useState } from 'react'
import { PREMIUM_REQUIRED, PREMIUM_REQUIRED_DESCRIPTION } from '../../../shared/messages'
import { STREAM_BEGINS_SHORTLY, UPGRADE_NOW } from '../../../shared/live-messages'
import type { LiveStream, LiveStreamEvent } from '../../../shared/types/live'
import { ButtonLink } from '../ui/Button'
import { cx } from '../ui/styles'
import { LiveChat } from './LiveChat'
import { LiveHlsPlayer } from './LiveHlsPlayer'
import { LiveBadge, PremiumBadge } from './StreamBadges'
import { PLATFORM_LABELS, playerSourceOf, viewersText } from './live-streams'

export interface PlayerDialogProps {
  stream: LiveStream | null
  selfId: number | null
  onClose: () => void
}

const closeIcon = (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <path d="M18 6 6 18M6 6l12 12" />
  </svg>
)
const closeClass = 'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground'

/** 'Watch Live': the player and the chat beside it, or the premium lock for a member the gate refuses. */
export function PlayerDialog({ stream, selfId, onClose }: PlayerDialogProps) {
  return (
    <Dialog.Root open={stream !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-overlay" />
        {stream ? (playerSourceOf(stream).kind === 'locked' ? <LockedContent /> : <PlayerContent stream={stream} selfId={selfId} />) : null}
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function LockedContent() {
  return (
    <Dialog.Content
      className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 animate-pop-in rounded-2xl border border-border bg-card p-6 text-center text-card-foreground shadow-2xl sm:p-8"
      data-testid="premium-required-dialog"
    >
      <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
      </div>
      <Dialog.Title className="mt-4 text-2xl font-bold">{PREMIUM_REQUIRED}</Dialog.Title>
      <Dialog.Description className="mt-2 text-muted-foreground">{PREMIUM_REQUIRED_DESCRIPTION}</Dialog.Description>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink href="/subscribe" variant="premium">
          {UPGRADE_NOW}
        </ButtonLink>
        <Dialog.Close className="inline-flex h-10 items-center rounded-md border border-input px-4 text-sm font-semibold hover:bg-muted">Not now</Dialog.Close>
      </div>
      <Dialog.Close className={cx(closeClass, 'absolute top-3 right-3')} aria-label="Close">
        {closeIcon}
      </Dialog.Close>
    </Dialog.Content>
  )
}

function PlayerContent({ stream, selfId }: { stream: LiveStream; selfId: number | null }) {
  const [viewers, setViewers] = useState(stream.viewerCount)
  const [ended, setEnded] = useState(stream.status === 'ended')
  // The list's refresh brings new counts too; the channel's are fresher while the dialog is open.
  useEffect(() => setViewers(stream.viewerCount), [stream.viewerCount])
  useEffect(() => {
    if (stream.status === 'ended') setEnded(true)
  }, [stream.status])

  const onEvent = (event: LiveStreamEvent) => {
    if (event.type === 'viewers') setViewers(event.viewerCount)
    if (event.type === 'status' && event.status === 'ended') setEnded(true)
  }
  const source = playerSourceOf(stream)

  return (
    <Dialog.Content
      aria-describedby={undefined}
      className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-card text-card-foreground shadow-2xl sm:inset-4 sm:rounded-2xl sm:border sm:border-border lg:inset-8 lg:overflow-hidden"
      data-testid="live-player-dialog"
      data-stream-id={stream.id}
    >
      <header className="flex items-start gap-3 border-b border-border px-4 py-3 sm:px-5">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            {ended ? null : <LiveBadge />}
            {stream.isPremium ? <PremiumBadge /> : null}
            <span className="text-sm text-muted-foreground">{PLATFORM_LABELS[stream.platform]}</span>
            {ended ? null : (
              <span className="text-sm font-medium text-muted-foreground tabular-nums" data-testid="dialog-viewers">
                <span aria-hidden="true">· </span>
                {viewersText(viewers)}
              </span>
            )}
          </div>
          <Dialog.Title className="mt-1 truncate text-lg font-bold sm:text-xl">{stream.title}</Dialog.Title>
        </div>
        <Dialog.Close className={closeClass} aria-label="Close player">
          {closeIcon}
        </Dialog.Close>
      </header>
      <div className="grid min-h-0 flex-1 content-start lg:content-stretch lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col justify-center bg-black lg:min-h-0">
          {source.kind === 'hls' ? (
            <LiveHlsPlayer src={source.src} title={stream.title} ended={ended} />
          ) : source.kind === 'embed' ? (
            <div className="aspect-video w-full">
              <iframe
                src={source.src}
                title={stream.title}
                className="h-full w-full border-0"
                allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
                data-testid="live-embed"
              />
            </div>
          ) : (
            <div role="status" className="flex aspect-video w-full items-center justify-center p-6 text-center text-lg font-semibold text-white" data-testid="stream-waiting">
              {STREAM_BEGINS_SHORTLY}
            </div>
          )}
          {stream.description ? <p className="hidden px-5 py-3 text-sm whitespace-pre-line text-white/80 lg:block">{stream.description}</p> : null}
        </div>
        <LiveChat
          streamId={stream.id}
          selfId={selfId}
          live={stream.status === 'live'}
          onEvent={onEvent}
          className="h-[28rem] border-t border-border lg:h-auto lg:border-t-0 lg:border-l"
        />
      </div>
    </Dialog.Content>
  )
}
