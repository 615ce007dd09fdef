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
  UPLOAD_ENDPOINT,
  VIDEO_MAX_BYTES,
  videoUploadFieldsSchema,
  type UploadedVideo,
  type UploadStatusRow,
} from '../../../../shared/video-upload'
import { withQueryClient } from '../../../lib/query-client'
import { toast } from '../../../lib/stores/toast-store'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { Input } from '../../ui/Input'
import { CARD_CLASS, INPUT_CLASS, cx } from '../../ui/styles'
import { formatMegabytes, sendResumable, serverMessageOf, statusTextOf, type ResumableHandle } from './resumable-upload'
import { fromWallClock, toWallClock } from './site-time'
import { FILE_INPUT_CLASS, UploadListItem } from './UploadListItem'

export const UPLOADS_QUERY_KEY = ['/api/videos/uploads'] as const

const VIDEO_EXTENSIONS = SUPPORTED_VIDEO_FORMATS.map((f) => `.${f.toLowerCase()}`)
const isVideoFile = (file: File) => file.type.startsWith('video/') || VIDEO_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext))

type Values = { title: string; description: string; duration: string; isUncut: boolean; isPremium: boolean; publishedAt: string }
type Errors = Partial<Record<'file' | 'title' | 'publishedAt' | 'duration', string>>
type Phase = { state: 'idle' } | { state: 'uploading'; percent: number } | { state: 'saving' }

const emptyValues = (): Values => ({ title: '', description: '', duration: '', isUncut: false, isPremium: false, publishedAt: toWallClock(new Date().toISOString(), siteZone()) })

/** The list is polled while a transcode (or a replacement's) runs, for its percent and time left. */
const transcoding = (u: UploadStatusRow) => u.transcodeStatus === 'queued' || u.transcodeStatus === 'processing' || u.progress?.replacing === true

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
  const uploadRef = useRef<ResumableHandle | null>(null)
  const videoInput = useRef<HTMLInputElement>(null)
  const thumbInput = useRef<HTMLInputElement>(null)
  const busy = phase.state !== 'idle'

  const uploads = useQuery<UploadStatusRow[]>({
    queryKey: UPLOADS_QUERY_KEY,
    refetchInterval: (query) => (query.state.data?.some(transcoding) ? 2000 : false),
  })
  const refreshUploads = () => queryClient.invalidateQueries({ queryKey: UPLOADS_QUERY_KEY })

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }))

  const chooseVideo = (picked: File | null | undefined) => {
    if (!picked) return
    // A refused file is not left showing in the picker as if it were chosen.
    const refuse = (title: string, description: string) => {
      if (videoInput.current) videoInput.current.value = ''
      setFile(null)
      toast({ title, description, variant: 'destructive' })
    }
    if (!isVideoFile(picked)) return refuse(INVALID_FILE_TYPE, VIDEO_FILE_TYPE_DESCRIPTION)
    if (picked.size >= VIDEO_MAX_BYTES) return refuse(FILE_TOO_LARGE, VIDEO_FILE_TOO_LARGE_DESCRIPTION)
    // The title follows the chosen file unless the admin typed one of their own.
    setValues((v) => (!v.title.trim() || (file && v.title === titleFromFileName(file.name)) ? { ...v, title: titleFromFileName(picked.name) } : v))
    setFile(picked)
    setErrors((e) => ({ ...e, file: undefined }))
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
      await refreshUploads()
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
    uploadRef.current = await sendResumable(file, {
      onProgress: (percent) => setPhase({ state: 'uploading', percent }),
      onError: (error) => fail(uploadFailed(statusTextOf(error)), serverMessageOf(error)),
      onDone: (uploadId) => void save(uploadId, fields),
    })
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
                className={FILE_INPUT_CLASS}
              />
            )}
          </Field>
          {file && (
            <p className="mt-2 text-sm text-muted-foreground" data-testid="chosen-video">
              {file.name} · {formatMegabytes(file.size)}
            </p>
          )}
        </div>

        <div className="rounded-lg border-2 border-dashed border-border p-5 text-center">
          <Field id={`${id}-thumbnail`} label="Thumbnail" labelSuffix="(optional)" hint="An image under 5MB; 16:9 recommended. Without one, a frame of the video is used; you can pick another frame after the transcode.">
            {(control) => <input {...control} ref={thumbInput} type="file" accept="image/*" disabled={busy} onChange={(e) => chooseThumbnail(e.target.files?.[0])} className={FILE_INPUT_CLASS} />}
          </Field>
          {thumbnail && (
            <p className="mt-2 text-sm text-muted-foreground" data-testid="chosen-thumbnail">
              {thumbnail.name} · {formatMegabytes(thumbnail.size)}
            </p>
          )}
        </div>

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
          <Toggle id={`${id}-uncut`} label="Uncut version" checked={values.isUncut} disabled={busy} onChange={(v) => set('isUncut', v)} />
          <Toggle id={`${id}-premium`} label="Premium members only" checked={values.isPremium} disabled={busy} onChange={(v) => set('isPremium', v)} />
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
              <UploadListItem key={u.id} row={u} onChanged={refreshUploads} />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

export default withQueryClient(VideoUploadPanel)
