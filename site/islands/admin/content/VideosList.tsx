// /admin/content/videos: every video with where it stands (processing, ready, failed), who it is
// for (visibility, changed here) and its publish date (a date ahead schedules it), a preview in
// the site's own player, and a link to /cms for everything else.
import * as Select from '@radix-ui/react-select'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'

import { messageFromApiError } from '../../../../shared/api-error'
import { formatDateTime, formatDuration } from '../../../../shared/format'
import { siteZone, timeZoneLabel } from '../../../../shared/site-zone'
import {
  ADMIN_VIDEO_STATUS_LABELS,
  VIDEO_VISIBILITIES,
  VIDEO_VISIBILITY_LABELS,
  type AdminVideoPage,
  type AdminVideoRow,
  type AdminVideoStatus,
  type AdminVideoUpdate,
  type VideoVisibility,
} from '../../../../shared/video-visibility'
import { apiJson } from '../../../lib/api-client'
import { withQueryClient } from '../../../lib/query-client'
import { toast } from '../../../lib/stores/toast-store'
import HlsStream from '../../video/HlsStream'
import { Badge } from '../../ui/Badge'
import { Button, ButtonLink } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { Spinner } from '../../ui/Spinner'
import { CARD_CLASS, cx, INPUT_CLASS } from '../../ui/styles'
import { fromWallClock, toWallClock } from './site-time'

export const adminVideosQueryKey = (page: number) => ['/api/admin/videos', { page }] as const

const STATUS_TONES: Record<AdminVideoStatus, 'success' | 'warning' | 'neutral'> = { ready: 'success', processing: 'warning', failed: 'neutral' }

const CHEVRON = (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <path d="m6 9 6 6 6-6" />
  </svg>
)

const cmsHref = (video: AdminVideoRow) => `/cms/collections/videos/${video.id}`

function Preview({ video }: { video: AdminVideoRow }) {
  const playerId = `admin-preview-${video.id}`
  if (video.status !== 'ready') return <p className="text-muted-foreground">No preview until the video is ready.</p>
  if (video.source === 'youtube') {
    return (
      <iframe
        className="aspect-video w-full rounded-md"
        src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.videoId)}`}
        title={`Preview: ${video.title}`}
        allow="encrypted-media; picture-in-picture; fullscreen"
      />
    )
  }
  return (
    <>
      <video id={playerId} className="aspect-video w-full rounded-md bg-black" controls preload="metadata" poster={video.thumbnailUrl ?? undefined} data-testid="admin-video-preview">
        {video.videoUrl ? <source src={video.videoUrl} /> : video.streamUrl ? <source src={video.streamUrl} type="application/vnd.apple.mpegurl" /> : null}
      </video>
      {video.streamUrl ? <HlsStream playerId={playerId} src={video.streamUrl} /> : null}
    </>
  )
}

function VideoRow({ video, onChange, busy }: { video: AdminVideoRow; onChange: (video: AdminVideoRow, data: AdminVideoUpdate) => Promise<unknown>; busy: boolean }) {
  const id = useId()
  const zone = siteZone()
  const [date, setDate] = useState(() => toWallClock(video.publishedAt, zone))
  const [dateError, setDateError] = useState<string | null>(null)
  const [previewing, setPreviewing] = useState(false)
  const dateChanged = date !== toWallClock(video.publishedAt, zone)

  const saveDate = async () => {
    const publishedAt = fromWallClock(date, zone)
    if (!publishedAt) return setDateError('Enter a publish date and time.')
    setDateError(null)
    await onChange(video, { publishedAt }).catch(() => undefined)
  }

  return (
    <tr className="border-b border-border align-top last:border-b-0" data-testid={`admin-video-${video.videoId}`}>
      <th scope="row" className="max-w-[18rem] px-4 py-3 font-semibold">
        <a href={`/video/${encodeURIComponent(video.videoId)}`} className="block truncate" title={video.title}>
          {video.title}
        </a>
        <span className="block truncate text-xs font-normal text-muted-foreground">
          {video.videoId}
          {video.duration ? ` · ${formatDuration(video.duration)}` : ''}
        </span>
      </th>
      <td className="px-4 py-3">
        <Badge tone={STATUS_TONES[video.status]} className={video.status === 'failed' ? 'bg-destructive/15 text-destructive dark:text-red-300' : undefined}>
          {ADMIN_VIDEO_STATUS_LABELS[video.status]}
        </Badge>
      </td>
      <td className="px-4 py-3">
        <label htmlFor={`${id}-visibility`} className="sr-only">
          Visibility of {video.title}
        </label>
        <Select.Root value={video.visibility} disabled={busy} onValueChange={(value) => void onChange(video, { visibility: value as VideoVisibility }).catch(() => undefined)}>
          <Select.Trigger id={`${id}-visibility`} className={cx(INPUT_CLASS, 'flex h-9 min-w-[15rem] items-center justify-between gap-2 text-left text-sm')}>
            <Select.Value />
            <Select.Icon>{CHEVRON}</Select.Icon>
          </Select.Trigger>
          <Select.Portal>
            <Select.Content position="popper" sideOffset={4} className="z-50 min-w-(--radix-select-trigger-width) overflow-hidden rounded-md border border-border bg-card text-card-foreground shadow-lg">
              <Select.Viewport className="p-1">
                {VIDEO_VISIBILITIES.map((value) => (
                  <Select.Item
                    key={value}
                    value={value}
                    className="cursor-pointer rounded px-3 py-2 text-sm outline-none select-none data-highlighted:bg-muted data-[state=checked]:font-semibold"
                  >
                    <Select.ItemText>{VIDEO_VISIBILITY_LABELS[value]}</Select.ItemText>
                  </Select.Item>
                ))}
              </Select.Viewport>
            </Select.Content>
          </Select.Portal>
        </Select.Root>
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-date`} className="sr-only">
            Publish date of {video.title} ({timeZoneLabel(zone)})
          </label>
          <input
            id={`${id}-date`}
            type="datetime-local"
            className={`${INPUT_CLASS} h-9 w-auto text-sm`}
            value={date}
            disabled={busy}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? `${id}-date-error` : undefined}
            onChange={(e) => setDate(e.target.value)}
          />
          {dateChanged && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => void saveDate()}>
              Save date<span className="sr-only"> of {video.title}</span>
            </Button>
          )}
        </div>
        {video.scheduled && (
          <p className="mt-1 text-xs text-muted-foreground">
            Scheduled: listed from <time dateTime={video.publishedAt}>{formatDateTime(video.publishedAt)}</time>
          </p>
        )}
        {dateError && (
          <p id={`${id}-date-error`} className="mt-1 text-xs font-medium text-destructive dark:text-red-300">
            {dateError}
          </p>
        )}
      </td>
      <td className="px-4 py-3">
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="outline" onClick={() => setPreviewing(true)}>
            Preview<span className="sr-only"> {video.title}</span>
          </Button>
          <ButtonLink href={cmsHref(video)} size="sm" variant="outline">
            Edit in /cms<span className="sr-only"> {video.title}</span>
          </ButtonLink>
        </div>
        <Dialog open={previewing} onClose={() => setPreviewing(false)} title={video.title} portal>
          {previewing ? <Preview video={video} /> : null}
        </Dialog>
      </td>
    </tr>
  )
}

function VideosList() {
  const queryClient = useQueryClient()
  const [page, setPage] = useState(1)
  const videos = useQuery<AdminVideoPage>({ queryKey: adminVideosQueryKey(page) })
  const update = useMutation({
    mutationFn: ({ video, data }: { video: AdminVideoRow; data: AdminVideoUpdate }) =>
      apiJson<AdminVideoRow>('PATCH', `/api/admin/videos/${encodeURIComponent(video.videoId)}`, data),
    onSuccess: (row) => {
      toast({ title: 'Video updated', description: `“${row.title}” is now ${VIDEO_VISIBILITY_LABELS[row.visibility]}${row.scheduled ? `, scheduled for ${formatDateTime(row.publishedAt)}` : ''}.` })
      return queryClient.invalidateQueries({ queryKey: ['/api/admin/videos'] })
    },
    onError: (error) => toast({ title: 'Could not update the video', description: messageFromApiError(error), variant: 'destructive' }),
  })

  if (videos.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground" role="status">
        <Spinner /> Loading videos…
      </p>
    )
  }
  if (videos.isError) return <p role="alert" className="text-destructive dark:text-red-300">{messageFromApiError(videos.error)}</p>

  const { videos: list, totalPages } = videos.data
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-videos-heading" className="text-2xl font-bold">
          Videos
        </h2>
        <ButtonLink href="/admin/content/video-upload" variant="outline">
          Upload a video
        </ButtonLink>
      </div>
      <p className="text-sm text-muted-foreground">
        Unlisted videos play by their link but are in no list, feed or recommendation; private ones are for admins only. A publish date ahead schedules the video.
      </p>
      {list.length === 0 ? (
        <p className={`${CARD_CLASS} p-6 text-muted-foreground`}>No videos yet.</p>
      ) : (
        <div className={`${CARD_CLASS} relative overflow-x-auto`} role="region" aria-labelledby="admin-videos-heading" tabIndex={0}>
          <table className="w-full min-w-[56rem] text-left text-sm">
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Title</th>
                <th scope="col" className="px-4 py-3 font-semibold">Status</th>
                <th scope="col" className="px-4 py-3 font-semibold">Visibility</th>
                <th scope="col" className="px-4 py-3 font-semibold">Publish date ({timeZoneLabel(siteZone())})</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.map((video) => (
                <VideoRow
                  key={`${video.id}:${video.publishedAt}`}
                  video={video}
                  busy={update.isPending && update.variables?.video.id === video.id}
                  onChange={(row, data) => update.mutateAsync({ video: row, data })}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {totalPages > 1 && (
        <nav aria-label="Video list pages" className="flex items-center gap-3">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span className="text-sm">
            Page {page} of {totalPages}
          </span>
          <Button size="sm" variant="outline" disabled={page >= totalPages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  )
}

export default withQueryClient(VideosList)
