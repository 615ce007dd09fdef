// One stream in /admin Live: where it stands, its numbers, and the one move it allows next
// (Go Live while scheduled, End Stream while live; spec §3 Live stream), plus edit and delete.
import type { ReactNode } from 'react'

import { formatCount, formatDateTime } from '../../../../shared/format'
import type { AdminLiveStream } from '../../../../shared/types/live'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { CARD_CLASS, cx } from '../../ui/styles'
import { ConfirmDelete } from '../content/ConfirmDelete'
import { ConfirmButton } from '../content/ConfirmButton'
import { ObsConnection } from './ObsConnection'
import { ENCODER_LABELS, PLATFORM_LABELS } from './stream-form'
import { useDeleteStream, useUpdateStream } from './use-stream-actions'

const STATUS_BADGE: Record<AdminLiveStream['status'], { label: string; className: string }> = {
  scheduled: { label: 'Scheduled', className: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
  live: { label: 'LIVE', className: 'bg-red-700 text-white' },
  ended: { label: 'Ended', className: 'bg-muted text-foreground' },
}

const resolutionLabel = (value: string) => ({ '1920x1080': '1080p', '1280x720': '720p', '854x480': '480p' })[value] ?? value

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  )
}

export function StreamCard({ stream, onEdit }: { stream: AdminLiveStream; onEdit: () => void }) {
  const update = useUpdateStream()
  const remove = useDeleteStream()
  const busy = update.isPending
  const status = STATUS_BADGE[stream.status]
  const settings = stream.obsSettings
  const headingId = `live-stream-${stream.id}`

  return (
    <li className={cx(CARD_CLASS, 'space-y-3 p-4', stream.status === 'live' && 'border-red-700/60')} aria-labelledby={headingId} data-testid="admin-stream">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words">
            {stream.title}
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <Badge tone="plain" className={status.className} data-testid="stream-status">
              {stream.status === 'live' && <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-white" />}
              {status.label}
            </Badge>
            <Badge tone="outline">{PLATFORM_LABELS[stream.platform]}</Badge>
            {stream.isPremium && <Badge tone="premium">Premium</Badge>}
            {stream.publishing && (
              <Badge tone="success" data-testid="stream-publishing">
                <span aria-hidden="true" className="h-2 w-2 rounded-full bg-current" />
                Publishing
              </Badge>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {stream.status === 'scheduled' && (
            <Button size="sm" aria-disabled={busy || undefined} onClick={() => !busy && update.mutate({ stream, data: { status: 'live' }, done: 'Stream is live' })}>
              Go Live<span className="sr-only"> with {stream.title}</span>
            </Button>
          )}
          {stream.status === 'live' && (
            <ConfirmButton
              label="End Stream"
              srSuffix={stream.title}
              variant="destructive"
              question="End this stream?"
              description={`“${stream.title}” goes off the air for every viewer. An ended stream cannot go live again.`}
              busyLabel="Ending…"
              onConfirm={() => update.mutateAsync({ stream, data: { status: 'ended' }, done: 'Stream ended' })}
            />
          )}
          {stream.status !== 'ended' && (
            <Button variant="outline" size="sm" onClick={onEdit}>
              Edit<span className="sr-only"> {stream.title}</span>
            </Button>
          )}
          {stream.status !== 'live' && <ConfirmDelete question="Delete this stream?" itemName={stream.title} onConfirm={() => remove.mutateAsync(stream)} />}
        </div>
      </div>

      {stream.description && <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{stream.description}</p>}

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Scheduled">{stream.scheduledAt ? formatDateTime(stream.scheduledAt) : 'No time set'}</Fact>
        <Fact label="Started">{stream.actualStart ? formatDateTime(stream.actualStart) : '—'}</Fact>
        <Fact label="Ended">{stream.actualEnd ? formatDateTime(stream.actualEnd) : '—'}</Fact>
        <Fact label="Viewers">
          <span data-testid="stream-viewers">
            {formatCount(stream.viewerCount)} now · peak {formatCount(stream.maxViewers)}
          </span>
        </Fact>
      </dl>
      <p className="text-xs text-muted-foreground">
        {resolutionLabel(settings.resolution)} ({settings.resolution}) · {settings.bitrate} kbps · {settings.frameRate} fps · {ENCODER_LABELS[settings.encoder as keyof typeof ENCODER_LABELS] ?? settings.encoder}
        {stream.platform === 'obs' && (stream.keepReplay ? ' · replay kept' : ' · no replay')}
      </p>
      {stream.platform !== 'obs' && stream.streamUrl && (
        <p className="text-sm break-all">
          Embed: <span className="font-mono text-muted-foreground">{stream.streamUrl}</span>
        </p>
      )}
      {stream.replayUrl && (
        <p className="text-sm">
          <a href={stream.replayUrl} className="font-semibold">
            Watch the replay<span className="sr-only"> of {stream.title}</span>
          </a>
        </p>
      )}
      {stream.platform === 'obs' && stream.status !== 'ended' && <ObsConnection stream={stream} />}
    </li>
  )
}
