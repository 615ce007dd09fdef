import * as Progress from '@radix-ui/react-progress'
import * as Switch from '@radix-ui/react-switch'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react'

import { SUPPORTED_VIDEO_FORMATS } from '../../../../shared/constants'
import { siteZone, timeZoneLabel } from '../../../../shared/site-zone'
import {
  FILE_TOO_LARGE,
  IMAGE_TOO_LARGE,
  INVALID_FILE_TYPE,
  NO_VIDEO_FILE_SELECTED,
  THUMBNAIL_TOO_LARGE_DESCRIPTION,
  uploadFailed,
  VIDEO_FILE_TOO_LARGE_DESCRIPTION,
  VIDEO_FILE_TYPE_DESCRIPTION,
} from '../../../../shared/messages'
import {
  THUMBNAIL_MAX_BYTES,
  titleFromFileName,
  TRANSCODE_STATUS_LABELS,
  TUS_ENDPOINT,
  UPLOAD_ENDPOINT,
  VIDEO_MAX_BYTES,
  videoUploadFieldsSchema,
  type UploadedVideo,
  type UploadStatusRow,
} from '../../../../shared/video-upload'
import { formatDuration } from '../../../../shared/format'
import { withQueryClient } from '../../../lib/query-client'
import { toast } from '../../../lib/stores/toast-store'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { Input } from '../../ui/Input'
import { CARD_CLASS, INPUT_CLASS, cx, type BadgeTone } from '../../ui/styles'
import { fromWallClock, toWallClock } from './site-time'

export const UPLOADS_QUERY_KEY = ['/api/videos/uploads'] as const

const VIDEO_EXTENSIONS = SUPPORTED_VIDEO_FORMATS.map((f) => `.${f.toLowerCase()}`)
const isVideoFile = (file: File) => file.type.startsWith('video/') || VIDEO_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext))
/** Resumable chunks: a dropped connection loses at most one, and proxies' body caps are never hit. */
const CHUNK_BYTES = 32 * 1024 * 1024

type Values = { title: string; description: string; duration: string; isUncut: boolean; isPremium: boolean; publishedAt: string }
type Errors = Partial<Record<'file' | 'title' | 'publishedAt' | 'duration', string>>
type Phase = { state: 'idle' } | { state: 'uploading'; percent: number } | { state: 'saving' }

const emptyValues = (): Values => ({ title: '', description: '', duration: '', isUncut: false, isPremium: false, publishedAt: toWallClock(new Date().toISOString(), siteZone()) })

const STATUS_TONES: Record<string, BadgeTone> = { queued: 'neutral', processing: 'warning', ready: 'success', failed: 'plain' }

/** The HTTP status text of a failed request (SPEC §8: 'Upload failed: {status text}'). */
function statusTextOf(error: unknown): string | undefined {
  const response = (error as { originalResponse?: { getStatus(): number; getUnderlyingObject(): unknown } | null })?.originalResponse
  const xhr = response?.getUnderlyingObject() as XMLHttpRequest | undefined
  return xhr?.statusText || undefined
}

function serverMessageOf(error: unknown): string | undefined {
  const body = (error as { originalResponse?: { getBody(): string } | null })?.originalResponse?.getBody()
  try {
    return body ? ((JSON.parse(body) as { error?: string }).error ?? undefined) : undefined
  } catch {
    return undefined
  }
}

function Toggle({ id, label, checked, onChange, disabled }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void; disabled: boolean }) {
  return (
    <div className="flex items-center gap-2">
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors data-[state=checked]:bg-primary disabled:opacity-60"
      >
        <Switch.Thumb className="pointer-events-none block h-5 w-5 translate-x-0 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
      </Switch.Root>
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
    </div>
  )
}

/** Video upload (SPEC §2): file drop or picker, thumbnail, the video's fields, progress percent and cancel; then its transcode. */
function VideoUploadPanel() {
  const id = useId()
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [thumbnail, setThumbnail] = useState<File | null>(null)
  const [values, setValues] = useState<Values>(emptyValues)
  const [errors, setErrors] = useState<Errors>({})
  const [phase, setPhase] = useState<Phase>({ state: 'idle' })
  const [dragging, setDragging] = useState(false)
  const uploadRef = useRef<{ abort: (terminate?: boolean) => Promise<void> } | null>(null)
  const videoInput = useRef<HTMLInputElement>(null)
  const thumbInput = useRef<HTMLInputElement>(null)
  const busy = phase.state !== 'idle'

  const uploads = useQuery<UploadStatusRow[]>({
    queryKey: UPLOADS_QUERY_KEY,
    refetchInterval: (query) => (query.state.data?.some((u) => u.transcodeStatus === 'queued' || u.transcodeStatus === 'processing') ? 3000 : false),
  })

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }))

  const chooseVideo = (picked: File | null | undefined) => {
    if (!picked) return
    if (!isVideoFile(picked)) return toast({ title: INVALID_FILE_TYPE, description: VIDEO_FILE_TYPE_DESCRIPTION, variant: 'destructive' })
    if (picked.size >= VIDEO_MAX_BYTES) return toast({ title: FILE_TOO_LARGE, description: VIDEO_FILE_TOO_LARGE_DESCRIPTION, variant: 'destructive' })
    setFile(picked)
    setErrors((e) => ({ ...e, file: undefined }))
    setValues((v) => (v.title.trim() ? v : { ...v, title: titleFromFileName(picked.name) }))
  }

  const chooseThumbnail = (picked: File | null | undefined) => {
    if (!picked) return setThumbnail(null)
    if (!picked.type.startsWith('image/')) {
      if (thumbInput.current) thumbInput.current.value = ''
      return toast({ title: INVALID_FILE_TYPE, variant: 'destructive' })
    }
    if (picked.size >= THUMBNAIL_MAX_BYTES) {
      if (thumbInput.current) thumbInput.current.value = ''
      return toast({ title: IMAGE_TOO_LARGE, description: THUMBNAIL_TOO_LARGE_DESCRIPTION, variant: 'destructive' })
    }
    setThumbnail(picked)
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (!busy) chooseVideo(event.dataTransfer.files[0])
  }

  const reset = () => {
    setFile(null)
    setThumbnail(null)
    setValues(emptyValues())
    setErrors({})
    if (videoInput.current) videoInput.current.value = ''
    if (thumbInput.current) thumbInput.current.value = ''
  }

  const fail = (title: string, description?: string) => {
    setPhase({ state: 'idle' })
    uploadRef.current = null
    toast({ title, description, variant: 'destructive' })
  }

  /** Step two: the finished resumable upload becomes the video, with its fields and thumbnail. */
  const save = async (tusUploadId: string, fields: Values) => {
    setPhase({ state: 'saving' })
    const form = new FormData()
    form.set('title', fields.title)
    form.set('description', fields.description)
    form.set('duration', fields.duration)
    form.set('isUncut', String(fields.isUncut))
    form.set('isPremium', String(fields.isPremium))
    form.set('publishedAt', fromWallClock(fields.publishedAt, siteZone()) ?? '')
    form.set('tusUploadId', tusUploadId)
    if (thumbnail) form.set('thumbnail', thumbnail)
    try {
      const res = await fetch(UPLOAD_ENDPOINT, { method: 'POST', body: form, credentials: 'same-origin' })
      const body = (await res.json().catch(() => null)) as (UploadedVideo & { error?: string }) | null
      if (!res.ok || !body) return fail(uploadFailed(res.statusText || undefined), body?.error)
      setPhase({ state: 'idle' })
      uploadRef.current = null
      toast({ title: 'Video uploaded', description: `“${body.title}” is being transcoded for streaming.` })
      reset()
      await queryClient.invalidateQueries({ queryKey: UPLOADS_QUERY_KEY })
    } catch {
      fail(uploadFailed())
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (!file) {
      setErrors({ file: NO_VIDEO_FILE_SELECTED })
      return toast({ title: NO_VIDEO_FILE_SELECTED, variant: 'destructive' })
    }
    const parsed = videoUploadFieldsSchema.safeParse({ ...values, publishedAt: fromWallClock(values.publishedAt, siteZone()) ?? '' })
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors
        next[key] ??= issue.message
      }
      return setErrors(next)
    }
    setErrors({})
    const fields = values
    setPhase({ state: 'uploading', percent: 0 })
    // tus-js-client is loaded only when an upload starts.
    const { Upload } = await import('tus-js-client')
    const upload = new Upload(file, {
      endpoint: TUS_ENDPOINT,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
      metadata: { filename: file.name, filetype: file.type },
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => setPhase({ state: 'uploading', percent: total ? Math.floor((sent / total) * 100) : 0 }),
      onError: (error) => fail(uploadFailed(statusTextOf(error)), serverMessageOf(error)),
      onSuccess: () => {
        const uploadId = upload.url?.split('/').pop() ?? ''
        void save(uploadId, fields)
      },
    })
    uploadRef.current = upload
    // A file sent before and cut off (a closed tab, a dropped network) continues where it stopped.
    const previous = await upload.findPreviousUploads().catch(() => [])
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0])
    upload.start()
  }

  const cancel = async () => {
    const upload = uploadRef.current
    uploadRef.current = null
    setPhase({ state: 'idle' })
    // Terminating tells the server to delete what it received.
    await upload?.abort(true).catch(() => undefined)
    toast({ title: 'Upload cancelled' })
  }

  const percent = phase.state === 'uploading' ? phase.percent : phase.state === 'saving' ? 100 : 0

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <form onSubmit={submit} noValidate className={cx(CARD_CLASS, 'space-y-5 p-5')} aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} className="text-xl font-bold">
          Upload a video
        </h2>

        <div
          onDragOver={(e) => {
            e.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="video-drop-zone"
          className={cx('rounded-lg border-2 border-dashed p-5 text-center transition-colors', dragging ? 'border-primary bg-primary/5' : 'border-border')}
        >
          <Field id={`${id}-video`} label="Video file" hint={`Drop a video here or choose one. ${SUPPORTED_VIDEO_FORMATS.join(', ')}; under 500MB; 1080p recommended.`} error={errors.file}>
            {(control) => (
              <input
                {...control}
                ref={videoInput}
                type="file"
                accept={['video/*', ...VIDEO_EXTENSIONS].join(',')}
                disabled={busy}
                onChange={(e) => chooseVideo(e.target.files?.[0])}
                className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-2 file:font-semibold file:text-primary-foreground"
              />
            )}
          </Field>
          {file && (
            <p className="mt-2 text-sm text-muted-foreground" data-testid="chosen-video">
              {file.name} · {(file.size / (1024 * 1024)).toFixed(1)} MB
            </p>
          )}
        </div>

        <Field id={`${id}-thumbnail`} label="Thumbnail" labelSuffix="(optional)" hint="An image under 5MB; 16:9 recommended. Without one, a frame of the video is used.">
          {(control) => (
            <input {...control} ref={thumbInput} type="file" accept="image/*" disabled={busy} onChange={(e) => chooseThumbnail(e.target.files?.[0])} className="block w-full text-sm" />
          )}
        </Field>

        <Field id={`${id}-title`} label="Title" error={errors.title}>
          {(control) => <Input {...control} value={values.title} maxLength={200} disabled={busy} onChange={(e) => set('title', e.target.value)} />}
        </Field>

        <Field id={`${id}-description`} label="Description" labelSuffix="(optional)">
          {(control) => <textarea {...control} className={cx(INPUT_CLASS, 'min-h-24')} value={values.description} maxLength={5000} disabled={busy} onChange={(e) => set('description', e.target.value)} />}
        </Field>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={`${id}-duration`} label="Duration" labelSuffix="(optional)" hint="e.g. 4:13; read from the file once transcoded." error={errors.duration}>
            {(control) => <Input {...control} value={values.duration} disabled={busy} onChange={(e) => set('duration', e.target.value)} />}
          </Field>
          <Field id={`${id}-published`} label="Published at" hint={`On the site's clock (${timeZoneLabel(siteZone())}).`} error={errors.publishedAt}>
            {(control) => <Input {...control} type="datetime-local" value={values.publishedAt} disabled={busy} onChange={(e) => set('publishedAt', e.target.value)} />}
          </Field>
        </div>

        <div className="flex flex-wrap gap-6">
          <Toggle id={`${id}-uncut`} label="Uncut version (isUncut)" checked={values.isUncut} disabled={busy} onChange={(v) => set('isUncut', v)} />
          <Toggle id={`${id}-premium`} label="Premium only (isPremium)" checked={values.isPremium} disabled={busy} onChange={(v) => set('isPremium', v)} />
        </div>

        {busy && (
          <div className="space-y-1.5" data-testid="upload-progress">
            <div className="flex justify-between text-sm">
              <span id={`${id}-progress-label`}>{phase.state === 'saving' ? 'Saving…' : 'Uploading…'}</span>
              <span aria-live="polite">{percent}%</span>
            </div>
            <Progress.Root value={percent} aria-labelledby={`${id}-progress-label`} className="relative h-2 w-full overflow-hidden rounded-full bg-muted">
              <Progress.Indicator className="h-full bg-primary transition-transform" style={{ transform: `translateX(-${100 - percent}%)` }} />
            </Progress.Root>
          </div>
        )}

        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={!file || busy}>
            {busy ? `Uploading ${percent}%` : 'Upload video'}
          </Button>
          {phase.state === 'uploading' && (
            <Button variant="outline" onClick={() => void cancel()}>
              Cancel upload
            </Button>
          )}
        </div>
      </form>

      <section aria-labelledby={`${id}-recent`} className="space-y-3">
        <h2 id={`${id}-recent`} className="text-xl font-bold">
          Recent uploads
        </h2>
        {uploads.isLoading ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : !uploads.data?.length ? (
          <p className="text-sm text-muted-foreground">No uploads yet.</p>
        ) : (
          <ul className="space-y-2" data-testid="recent-uploads">
            {uploads.data.map((u) => (
              <li key={u.id} className={cx(CARD_CLASS, 'space-y-1 p-3')}>
                <div className="flex items-start justify-between gap-2">
                  <a href={u.url} className="font-semibold break-words">
                    {u.title}
                  </a>
                  {u.transcodeStatus && (
                    <Badge tone={STATUS_TONES[u.transcodeStatus] ?? 'neutral'} className={u.transcodeStatus === 'failed' ? 'bg-destructive text-destructive-foreground' : undefined}>
                      {TRANSCODE_STATUS_LABELS[u.transcodeStatus]}
                    </Badge>
                  )}
                </div>
                {u.duration && <p className="text-sm text-muted-foreground">Duration {formatDuration(u.duration)}</p>}
                {u.transcodeStatus === 'failed' && <p className="text-sm text-destructive dark:text-red-300">failed: {u.transcodeError || 'no reason recorded'}</p>}
                {u.transcodeStatus && u.transcodeStatus !== 'ready' && <p className="text-sm text-muted-foreground">Not on the site until it plays: only admins can open it.</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

export default withQueryClient(VideoUploadPanel)
