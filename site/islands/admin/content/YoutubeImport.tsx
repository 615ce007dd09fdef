// /admin/content/youtube-import (SPEC §2): import a channel by its handle, create demo videos
// without a key, sync now, and see how the last run (manual or the 15-minute schedule) went.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState, type FormEvent } from 'react'

import { messageFromApiError } from '../../../../shared/api-error'
import { formatDateTime } from '../../../../shared/format'
import { SOMETHING_WENT_WRONG } from '../../../../shared/messages'
import { youtubeImportSchema, type YoutubeImportResult, type YoutubeSyncResult, type YoutubeSyncStatus } from '../../../../shared/schemas/youtube'
import {
  FAILED_TO_CREATE_MOCK_VIDEOS,
  FAILED_TO_IMPORT_VIDEOS,
  FAILED_TO_SYNC_VIDEOS,
  IMPORT_COMPLETE,
  IMPORT_FAILED,
  MOCK_CREATION_FAILED,
  MOCK_VIDEOS_CREATED,
  SYNC_COMPLETE,
  SYNC_FAILED,
} from '../../../../shared/youtube-messages'
import { apiJson } from '../../../lib/api-client'
import { withQueryClient } from '../../../lib/query-client'
import { toast } from '../../../lib/stores/toast-store'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { Input } from '../../ui/Input'
import { Spinner } from '../../ui/Spinner'
import { CARD_CLASS, type BadgeTone } from '../../ui/styles'

export const YOUTUBE_STATUS_QUERY_KEY = ['/api/youtube/status'] as const

/** The server's `error` when it sent one, else the spec's fallback (SPEC §8). */
function failureText(error: unknown, fallback: string): string {
  const message = messageFromApiError(error)
  return message === SOMETHING_WENT_WRONG || /^\d{3}: /.test(message) || message === 'Failed to fetch' ? fallback : message
}

const when = (iso: string) => formatDateTime(iso)

const STATUS_TONE: Record<NonNullable<YoutubeSyncStatus['last']>['status'], BadgeTone> = { running: 'primary', succeeded: 'success', failed: 'warning', skipped: 'neutral' }
const STATUS_LABEL = { running: 'Running', succeeded: 'Succeeded', failed: 'Failed', skipped: 'Skipped' } as const
const TRIGGER_LABEL = { import: 'Import', sync: 'Sync', schedule: 'Automatic sync' } as const

function YoutubeImport() {
  const prefix = useId()
  const queryClient = useQueryClient()
  // Polled: the automatic sync may finish while the panel is open.
  const status = useQuery<YoutubeSyncStatus>({ queryKey: YOUTUBE_STATUS_QUERY_KEY, refetchInterval: 60_000 })
  const [handle, setHandle] = useState('')
  const [touched, setTouched] = useState(false)
  const [error, setError] = useState<string | undefined>()

  // Prefilled with the default handle (site settings, else the last imported channel) once it is known.
  const defaultHandle = status.data?.defaultHandle ?? null
  useEffect(() => {
    if (!touched && defaultHandle) setHandle(defaultHandle)
  }, [defaultHandle, touched])

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: YOUTUBE_STATUS_QUERY_KEY })
    await queryClient.invalidateQueries({ queryKey: ['/api/videos'] })
    await queryClient.invalidateQueries({ queryKey: ['/api/admin/video-stats'] })
  }
  const afterFailure = () => void queryClient.invalidateQueries({ queryKey: YOUTUBE_STATUS_QUERY_KEY })

  const importVideos = useMutation({
    mutationFn: (channelHandle: string) => apiJson<YoutubeImportResult>('POST', '/api/youtube/import', { channelHandle }),
    onSuccess: async (result) => {
      toast({ title: IMPORT_COMPLETE, description: result.message })
      await refresh()
    },
    onError: (err) => {
      toast({ title: IMPORT_FAILED, description: failureText(err, FAILED_TO_IMPORT_VIDEOS), variant: 'destructive' })
      afterFailure()
    },
  })
  const createMock = useMutation({
    mutationFn: () => apiJson<YoutubeImportResult>('POST', '/api/youtube/mock'),
    onSuccess: async (result) => {
      toast({ title: MOCK_VIDEOS_CREATED, description: result.message })
      await refresh()
    },
    onError: (err) => toast({ title: MOCK_CREATION_FAILED, description: failureText(err, FAILED_TO_CREATE_MOCK_VIDEOS), variant: 'destructive' }),
  })
  const syncNow = useMutation({
    mutationFn: () => apiJson<YoutubeSyncResult>('POST', '/api/youtube/sync'),
    onSuccess: async (result) => {
      toast({ title: SYNC_COMPLETE, description: result.message })
      await refresh()
    },
    onError: (err) => {
      toast({ title: SYNC_FAILED, description: failureText(err, FAILED_TO_SYNC_VIDEOS), variant: 'destructive' })
      afterFailure()
    },
  })
  const busy = importVideos.isPending || createMock.isPending || syncNow.isPending

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const result = youtubeImportSchema.safeParse({ channelHandle: handle })
    if (!result.success) {
      setError(result.error.issues[0]?.message)
      document.getElementById(`${prefix}-handle`)?.focus()
      return
    }
    setError(undefined)
    importVideos.mutate(result.data.channelHandle)
  }

  const data = status.data
  const last = data?.last ?? null
  return (
    <div className="grid gap-6 lg:grid-cols-[24rem_minmax(0,1fr)]">
      <form noValidate onSubmit={submit} aria-labelledby={`${prefix}-heading`} className={`${CARD_CLASS} h-fit space-y-5 p-5`}>
        <div>
          <h2 id={`${prefix}-heading`} className="text-2xl font-bold">
            YouTube import
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">Import every video of a channel. Titles, descriptions, views and thumbnails follow YouTube; your premium, uncut and SEO settings stay yours.</p>
        </div>
        <Field id={`${prefix}-handle`} label="Channel handle" hint="The @handle from the channel's YouTube address." error={error}>
          {(control) => (
            <Input
              {...control}
              name="channelHandle"
              autoComplete="off"
              placeholder="@yourchannel"
              value={handle}
              onChange={(event) => {
                setTouched(true)
                setHandle(event.target.value)
                if (error) setError(undefined)
              }}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {importVideos.isPending ? <Spinner /> : null} Import Videos
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => syncNow.mutate()}>
            {syncNow.isPending ? <Spinner /> : null} Sync Now
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => createMock.mutate()}>
            {createMock.isPending ? <Spinner /> : null} Create Mock Videos
          </Button>
        </div>
        {data && !data.apiKeyConfigured ? (
          <p className="rounded-md border border-border bg-muted/50 p-3 text-sm">
            The server has no YouTube API key (YOUTUBE_API_KEY), so import and sync cannot reach YouTube. Create Mock Videos adds clearly marked demo videos to try the site with.
          </p>
        ) : null}
      </form>

      <section aria-labelledby={`${prefix}-status-heading`} className="min-w-0 space-y-4">
        <h2 id={`${prefix}-status-heading`} className="text-2xl font-bold">
          Sync status
        </h2>
        {status.isPending ? (
          <p className="flex items-center gap-2 text-muted-foreground" role="status">
            <Spinner /> Loading the sync status…
          </p>
        ) : status.isError ? (
          <p role="alert" className="text-destructive dark:text-red-300">
            {messageFromApiError(status.error)}
          </p>
        ) : !data ? null : (
          <div className={`${CARD_CLASS} space-y-3 p-5`} data-testid="youtube-sync-status">
            <p className="text-sm">
              {data.channelHandle
                ? `${data.channelHandle} (${data.channelSource === 'settings' ? 'the channel in Settings' : 'the last imported channel'}) is synced automatically every ${data.intervalMinutes} minutes.`
                : 'No channel yet: the automatic sync starts once a channel is imported or set in Settings.'}
              {data.channelHandle && data.nextRunAt ? ` Next: ${when(data.nextRunAt)}.` : ''}
            </p>
            {last ? (
              <div className="space-y-1 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">Last run:</span>
                  <Badge tone={STATUS_TONE[last.status]}>{STATUS_LABEL[last.status]}</Badge>
                  <span>{TRIGGER_LABEL[last.trigger]}</span>
                  {last.channelTitle || last.channelHandle ? <span>· {last.channelTitle ?? last.channelHandle}</span> : null}
                </p>
                {last.finishedAt ? <p className="text-muted-foreground">Finished {when(last.finishedAt)}</p> : last.startedAt ? <p className="text-muted-foreground">Started {when(last.startedAt)}</p> : null}
                {last.status === 'succeeded' ? (
                  <p>
                    {last.imported} of {last.total} videos imported or updated{last.removed ? `; ${last.removed} gone from YouTube (hidden from the site)` : ''}.
                  </p>
                ) : null}
                {last.error ? (
                  <p className="rounded-md border border-destructive/40 bg-destructive/10 p-3 font-medium text-destructive dark:text-red-300">{last.error}</p>
                ) : null}
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">No import or sync has run yet.</p>
            )}
            {data.removedVideos.length ? (
              <div className="space-y-1 text-sm">
                <h3 className="font-semibold">No longer on YouTube (hidden from the site)</h3>
                <ul className="list-disc pl-5">
                  {data.removedVideos.map((v) => (
                    <li key={v.videoId}>
                      {v.title} <span className="text-muted-foreground">({v.videoId}, since {when(v.removedAt)})</span>
                    </li>
                  ))}
                </ul>
                <p className="text-muted-foreground">They come back by themselves if they reappear; delete them in /cms to drop them for good.</p>
              </div>
            ) : null}
          </div>
        )}
      </section>
    </div>
  )
}

export default withQueryClient(YoutubeImport)
