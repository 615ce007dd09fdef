import * as Progress from '@radix-ui/react-progress'
import { useId, useRef, useState, type FormEvent } from 'react'

import { formatDuration, formatSeconds } from '../../../../shared/format'
import { TRANSCODE_STATUS_LABELS, type UploadStatusRow } from '../../../../shared/video-upload'
import { toast } from '../../../lib/stores/toast-store'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { Input } from '../../ui/Input'
import { CARD_CLASS, cx, type BadgeTone } from '../../ui/styles'
import { formatTimeLeft, sendResumable, serverMessageOf } from './resumable-upload'

const STATUS_TONES: Record<string, BadgeTone> = { queued: 'neutral', processing: 'warning', ready: 'success', failed: 'plain' }

/** The file inputs of the panel share the video picker's look. */
export const FILE_INPUT_CLASS =
  'block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-2 file:font-semibold file:text-primary-foreground'

/** Posts a form to one of the video's doors; toasts the server's words on failure. Returns whether it worked. */
async function send(url: string, init: RequestInit, failure: string): Promise<boolean> {
  try {
    const res = await fetch(url, { credentials: 'same-origin', ...init })
    if (res.ok) return true
    const body = (await res.json().catch(() => null)) as { error?: string } | null
    toast({ title: failure, description: body?.error ?? res.statusText, variant: 'destructive' })
  } catch {
    toast({ title: failure, variant: 'destructive' })
  }
  return false
}

function TranscodeProgress({ row }: { row: UploadStatusRow }) {
  const id = useId()
  const p = row.progress
  if (!p) return null
  if (!p.replacing && p.replacementError) {
    return <p className="text-sm text-destructive dark:text-red-300">The new file could not be transcoded: {p.replacementError}. The current one still plays.</p>
  }
  const parts = [
    `${p.percent}%`,
    p.renditionsTotal ? `${p.renditionsDone} of ${p.renditionsTotal} renditions done` : null,
    p.secondsLeft !== null ? formatTimeLeft(p.secondsLeft) : null,
  ].filter(Boolean)
  return (
    <div className="space-y-1" data-testid="transcode-progress">
      <div className="flex flex-wrap justify-between gap-x-3 text-sm">
        <span id={`${id}-label`}>{p.replacing ? 'Transcoding the new file (the current one plays until it is ready)' : 'Transcoding'}</span>
        <span aria-live="polite">{parts.join(' · ')}</span>
      </div>
      <Progress.Root value={p.percent} aria-labelledby={`${id}-label`} className="relative h-2 w-full overflow-hidden rounded-full bg-muted">
        <Progress.Indicator className="h-full bg-primary transition-transform" style={{ transform: `translateX(-${100 - p.percent}%)` }} />
      </Progress.Root>
    </div>
  )
}

function ThumbnailChooser({ row, onChanged }: { row: UploadStatusRow; onChanged: () => Promise<void> }) {
  const id = useId()
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const change = async (form: FormData) => {
    setBusy(true)
    const ok = await send(`/api/videos/${row.videoId}/thumbnail`, { method: 'POST', body: form }, 'Thumbnail not changed')
    setBusy(false)
    if (!ok) return
    if (input.current) input.current.value = ''
    toast({ title: 'Thumbnail changed' })
    await onChanged()
  }
  const upload = (event: FormEvent) => {
    event.preventDefault()
    const file = input.current?.files?.[0]
    if (!file) return toast({ title: 'Choose an image first', variant: 'destructive' })
    const form = new FormData()
    form.set('thumbnail', file)
    void change(form)
  }
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">Thumbnail</legend>
      {row.frames.length > 0 && (
        <ul className="grid grid-cols-4 gap-2" aria-label="Frames from the video">
          {row.frames.map((frame, i) => (
            <li key={frame.url}>
              <button
                type="button"
                disabled={busy}
                onClick={() => {
                  const form = new FormData()
                  form.set('frame', String(i + 1))
                  void change(form)
                }}
                className="block w-full overflow-hidden rounded-md border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
              >
                <img src={frame.url} alt="" className="aspect-video w-full object-cover" loading="lazy" />
                <span className="block px-1 py-0.5 text-xs">Use frame at {formatSeconds(Math.round(frame.at))}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={upload} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <Field id={`${id}-image`} label="Or upload an image" hint="Under 5MB; 16:9 recommended.">
            {(control) => <input {...control} ref={input} type="file" accept="image/*" disabled={busy} className={FILE_INPUT_CLASS} />}
          </Field>
        </div>
        <Button type="submit" variant="outline" size="sm" disabled={busy}>
          Use this image
        </Button>
      </form>
    </fieldset>
  )
}

function CaptionsEditor({ row, onChanged }: { row: UploadStatusRow; onChanged: () => Promise<void> }) {
  const id = useId()
  const [language, setLanguage] = useState('')
  const [label, setLabel] = useState('')
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const add = async (event: FormEvent) => {
    event.preventDefault()
    const file = input.current?.files?.[0]
    if (!file) return toast({ title: 'Choose a WebVTT (.vtt) file first', variant: 'destructive' })
    const form = new FormData()
    form.set('language', language)
    form.set('label', label)
    form.set('file', file)
    setBusy(true)
    const ok = await send(`/api/videos/${row.videoId}/captions`, { method: 'POST', body: form }, 'Captions not added')
    setBusy(false)
    if (!ok) return
    toast({ title: 'Captions added' })
    setLanguage('')
    setLabel('')
    if (input.current) input.current.value = ''
    await onChanged()
  }
  const remove = async (lang: string, name: string) => {
    setBusy(true)
    const ok = await send(`/api/videos/${row.videoId}/captions/${encodeURIComponent(lang)}`, { method: 'DELETE' }, 'Captions not removed')
    setBusy(false)
    if (!ok) return
    toast({ title: `Captions removed: ${name}` })
    await onChanged()
  }
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">Captions and subtitles</legend>
      {row.captions.length ? (
        <ul className="space-y-1" aria-label="Caption tracks">
          {row.captions.map((c) => (
            <li key={c.language} className="flex items-center justify-between gap-2 text-sm">
              <span>
                {c.label} <span className="text-muted-foreground">({c.language})</span>
              </span>
              <Button variant="outline" size="sm" disabled={busy} onClick={() => void remove(c.language, c.label)} aria-label={`Remove captions: ${c.label}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No captions yet.</p>
      )}
      <form onSubmit={add} className="grid gap-2 sm:grid-cols-2">
        <Field id={`${id}-language`} label="Language" hint="A code: en, fr, es, pt-BR…">
          {(control) => <Input {...control} value={language} maxLength={35} required disabled={busy} onChange={(e) => setLanguage(e.target.value)} />}
        </Field>
        <Field id={`${id}-label`} label="Name in the player" labelSuffix="(optional)" hint="The language's own name when empty.">
          {(control) => <Input {...control} value={label} maxLength={60} disabled={busy} onChange={(e) => setLabel(e.target.value)} />}
        </Field>
        <div className="sm:col-span-2">
          <Field id={`${id}-file`} label="WebVTT file" hint="A .vtt file under 1 MB; adding a language again replaces its file.">
            {(control) => <input {...control} ref={input} type="file" accept=".vtt,text/vtt" disabled={busy} className={FILE_INPUT_CLASS} />}
          </Field>
        </div>
        <div>
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            Add captions
          </Button>
        </div>
      </form>
    </fieldset>
  )
}

function FileReplacer({ row, onChanged }: { row: UploadStatusRow; onChanged: () => Promise<void> }) {
  const id = useId()
  const [percent, setPercent] = useState<number | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const failed = (description?: string) => {
    setPercent(null)
    toast({ title: 'File not replaced', description, variant: 'destructive' })
  }
  const replace = async (event: FormEvent) => {
    event.preventDefault()
    const file = input.current?.files?.[0]
    if (!file) return toast({ title: 'Choose the new video file first', variant: 'destructive' })
    setPercent(0)
    await sendResumable(file, {
      onProgress: setPercent,
      onError: (error) => failed(serverMessageOf(error)),
      onDone: (uploadId) => {
        const form = new FormData()
        form.set('tusUploadId', uploadId)
        void send(`/api/videos/${row.videoId}/file`, { method: 'POST', body: form }, 'File not replaced').then(async (ok) => {
          setPercent(null)
          if (!ok) return
          if (input.current) input.current.value = ''
          toast({ title: 'File replaced', description: 'The new file is transcoding; the page, comments and views stay.' })
          await onChanged()
        })
      },
    }).catch(() => failed())
  }
  return (
    <form onSubmit={replace} className="space-y-2">
      <Field id={`${id}-file`} label="New file for this video" hint="Same page, comments and views; the current file plays until the new one is ready.">
        {(control) => <input {...control} ref={input} type="file" accept="video/*,.mp4,.mov,.avi,.wmv,.flv" disabled={percent !== null} className={FILE_INPUT_CLASS} />}
      </Field>
      <Button type="submit" variant="outline" size="sm" disabled={percent !== null || row.transcodeStatus === 'queued' || row.transcodeStatus === 'processing'}>
        {percent === null ? 'Replace file' : `Uploading ${percent}%`}
      </Button>
    </form>
  )
}

/** One upload in the panel's list: where its transcode stands, and what the creator can change. */
export function UploadListItem({ row, onChanged }: { row: UploadStatusRow; onChanged: () => Promise<void> }) {
  return (
    <li className={cx(CARD_CLASS, 'space-y-2 p-3')}>
      <div className="flex items-start gap-3">
        {row.thumbnailUrl ? <img src={row.thumbnailUrl} alt="" className="aspect-video w-24 shrink-0 rounded object-cover" data-testid="upload-thumbnail" /> : null}
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex items-start justify-between gap-2">
            <a href={row.url} className="font-semibold break-words">
              {row.title}
            </a>
            {row.transcodeStatus && (
              <Badge tone={STATUS_TONES[row.transcodeStatus] ?? 'neutral'} className={row.transcodeStatus === 'failed' ? 'bg-destructive text-destructive-foreground' : undefined}>
                {TRANSCODE_STATUS_LABELS[row.transcodeStatus]}
              </Badge>
            )}
          </div>
          {row.duration && <p className="text-sm text-muted-foreground">Duration {formatDuration(row.duration)}</p>}
        </div>
      </div>
      <TranscodeProgress row={row} />
      {row.queuePosition !== null && (
        <p className="text-sm text-muted-foreground" data-testid="queue-position">
          {row.queuePosition === 1 ? 'Next in line to transcode' : `Number ${row.queuePosition} in line to transcode`}
        </p>
      )}
      {row.transcodeStatus === 'failed' && <p className="text-sm text-destructive dark:text-red-300">failed: {row.transcodeError || 'no reason recorded'}</p>}
      {row.transcodeStatus && row.transcodeStatus !== 'ready' && <p className="text-sm text-muted-foreground">Not on the site until it plays: only admins can open it.</p>}
      <details className="group">
        <summary className="cursor-pointer rounded text-sm font-semibold text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">Thumbnail, captions and file</summary>
        <div className="mt-3 space-y-4">
          <ThumbnailChooser row={row} onChanged={onChanged} />
          <CaptionsEditor row={row} onChanged={onChanged} />
          <FileReplacer row={row} onChanged={onChanged} />
        </div>
      </details>
    </li>
  )
}
