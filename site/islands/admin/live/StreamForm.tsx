// Schedule a stream, or change one's settings (spec §2 Admin → Live): title, description, when,
// platform (with the embed address for YouTube and StreamYard), premium only, the replay, and the
// stream settings, defaults from spec §9.
import * as Switch from '@radix-ui/react-switch'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'

import { messageFromApiError } from '../../../../shared/api-error'
import { STREAM_BITRATE_RANGE, STREAM_DESCRIPTION_MAX, STREAM_ENCODERS, STREAM_FRAME_RATES, STREAM_PLATFORMS, STREAM_RESOLUTIONS, type StreamPlatform } from '../../../../shared/constants'
import { ERROR, failedToCreateStream } from '../../../../shared/messages'
import { siteZone, timeZoneLabel } from '../../../../shared/site-zone'
import type { AdminLiveStream } from '../../../../shared/types/live'
import { apiJson } from '../../../lib/api-client'
import { toast } from '../../../lib/stores/toast-store'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { Input } from '../../ui/Input'
import { CARD_CLASS, INPUT_CLASS } from '../../ui/styles'
import { useUpdateStream } from './use-stream-actions'
import {
  ADMIN_STREAMS_URL,
  emptyStreamForm,
  ENCODER_LABELS,
  FIELD_ORDER,
  PLATFORM_LABELS,
  streamBody,
  streamFormOf,
  validateStream,
  type StreamBody,
  type StreamFormErrors,
  type StreamFormValues,
} from './stream-form'

function Toggle({ id, label, hint, checked, onChange }: { id: string; label: string; hint: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex items-start gap-3">
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={`${id}-hint`}
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="pointer-events-none block h-5 w-5 translate-x-0 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
      </Switch.Root>
      <div>
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  )
}

function Select({ a11y, value, onChange, children }: { a11y: object; value: string; onChange: (v: string) => void; children: ReactNode }) {
  return (
    <select {...a11y} value={value} onChange={(e) => onChange(e.target.value)} className={INPUT_CLASS}>
      {children}
    </select>
  )
}

export interface StreamFormProps {
  /** The stream whose settings are changed; null schedules a new one. */
  editing: AdminLiveStream | null
  onDone: () => void
  onSaved: (stream: AdminLiveStream) => Promise<unknown>
}

export function StreamForm({ editing, onDone, onSaved }: StreamFormProps) {
  const prefix = useId()
  const id = (name: keyof StreamFormValues) => `${prefix}-${name}`
  const zone = siteZone()
  const creating = editing === null
  const [values, setValues] = useState<StreamFormValues>(() => (editing ? streamFormOf(editing, zone) : emptyStreamForm()))
  const [errors, setErrors] = useState<StreamFormErrors>({})
  const [attempted, setAttempted] = useState(false)
  const mode = creating ? 'create' : 'update'
  const titleRef = useRef<HTMLInputElement>(null)
  // Edit (on a card further down) hands the keyboard to the form it opened.
  useEffect(() => {
    if (!creating) titleRef.current?.focus()
  }, [creating])

  const set = <K extends keyof StreamFormValues>(name: K, value: StreamFormValues[K]) => {
    const next = { ...values, [name]: value }
    setValues(next)
    if (attempted) setErrors(validateStream(next, zone, mode))
  }

  const create = useMutation({
    mutationFn: (body: StreamBody) => apiJson<AdminLiveStream>('POST', ADMIN_STREAMS_URL, body),
    onSuccess: async (saved) => {
      toast({ title: 'Stream scheduled', description: `“${saved.title}”` })
      setValues(emptyStreamForm())
      setAttempted(false)
      await onSaved(saved)
    },
    onError: (error) => toast({ title: ERROR, description: failedToCreateStream(messageFromApiError(error)), variant: 'destructive' }),
  })
  const update = useUpdateStream()
  const pending = create.isPending || update.isPending

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    setAttempted(true)
    const next = validateStream(values, zone, mode)
    setErrors(next)
    const first = FIELD_ORDER.find((name) => next[name])
    if (first) {
      document.getElementById(id(first))?.focus()
      return
    }
    const body = streamBody(values, zone)
    if (creating) create.mutate(body)
    else
      update.mutate(
        { stream: editing, data: body, done: 'Stream updated' },
        {
          onSuccess: async (saved) => {
            onDone()
            await onSaved(saved)
          },
        },
      )
  }

  const obs = values.platform === 'obs'
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${prefix}-heading`} className={`${CARD_CLASS} h-fit space-y-5 p-5`}>
      <h2 id={`${prefix}-heading`} className="text-xl font-bold break-words">
        {creating ? 'Schedule a stream' : `Edit “${editing.title}”`}
      </h2>
      <Field id={id('title')} label="Title" error={errors.title}>
        {(a11y) => <Input {...a11y} ref={titleRef} value={values.title} onChange={(e) => set('title', e.target.value)} autoComplete="off" aria-required="true" />}
      </Field>
      <Field id={id('description')} label="Description" labelSuffix="(optional)" error={errors.description}>
        {(a11y) => (
          <textarea
            {...a11y}
            rows={3}
            maxLength={STREAM_DESCRIPTION_MAX}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            className="block w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-base text-card-foreground aria-invalid:border-destructive"
          />
        )}
      </Field>
      <Field id={id('scheduledAt')} label="Starts" labelSuffix={`(optional, ${timeZoneLabel(zone)})`} error={errors.scheduledAt} hint="Members see it under Upcoming with this date and time.">
        {(a11y) => <Input {...a11y} type="datetime-local" value={values.scheduledAt} onChange={(e) => set('scheduledAt', e.target.value)} />}
      </Field>
      <Field id={id('platform')} label="Platform" error={errors.platform}>
        {(a11y) => (
          <Select a11y={a11y} value={values.platform} onChange={(v) => set('platform', v as StreamPlatform)}>
            {STREAM_PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {PLATFORM_LABELS[p]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {!obs && (
        <Field id={id('streamUrl')} label="Stream URL" error={errors.streamUrl} hint={`The ${PLATFORM_LABELS[values.platform]} embed address (https://…) the player opens.`}>
          {(a11y) => <Input {...a11y} type="url" inputMode="url" value={values.streamUrl} onChange={(e) => set('streamUrl', e.target.value)} autoComplete="off" aria-required="true" />}
        </Field>
      )}
      <Toggle id={id('isPremium')} label="Premium only" hint="Only Premium members can watch." checked={values.isPremium} onChange={(v) => set('isPremium', v)} />
      {obs && (
        <Toggle id={id('keepReplay')} label="Keep the replay" hint="When it ends, the recording becomes a Premium, uncut video." checked={values.keepReplay} onChange={(v) => set('keepReplay', v)} />
      )}

      <fieldset className="space-y-4 border-t border-border pt-4">
        <legend className="float-left mb-1 w-full text-sm font-bold">Stream settings</legend>
        <div className="clear-left grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <Field id={id('resolution')} label="Resolution" error={errors.resolution}>
              {(a11y) => (
                <Select a11y={a11y} value={values.resolution} onChange={(v) => set('resolution', v)}>
                  {STREAM_RESOLUTIONS.map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.label} ({r.value})
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <Field id={id('bitrate')} label="Bitrate" labelSuffix="(kbps)" error={errors.bitrate}>
            {(a11y) => (
              <Input
                {...a11y}
                type="number"
                inputMode="numeric"
                min={STREAM_BITRATE_RANGE.min}
                max={STREAM_BITRATE_RANGE.max}
                step={100}
                value={values.bitrate}
                onChange={(e) => set('bitrate', e.target.value)}
              />
            )}
          </Field>
          <Field id={id('frameRate')} label="Frame rate" labelSuffix="(fps)" error={errors.frameRate}>
            {(a11y) => (
              <Select a11y={a11y} value={values.frameRate} onChange={(v) => set('frameRate', v)}>
                {STREAM_FRAME_RATES.map((rate) => (
                  <option key={rate} value={String(rate)}>
                    {rate}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="sm:col-span-2">
            <Field id={id('encoder')} label="Encoder" error={errors.encoder}>
              {(a11y) => (
                <Select a11y={a11y} value={values.encoder} onChange={(v) => set('encoder', v)}>
                  {STREAM_ENCODERS.map((encoder) => (
                    <option key={encoder} value={encoder}>
                      {ENCODER_LABELS[encoder]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        </div>
      </fieldset>

      <div className="flex flex-wrap justify-end gap-3">
        {!creating && (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" aria-disabled={pending || undefined}>
          {pending ? 'Saving…' : creating ? 'Create stream' : 'Save settings'}
        </Button>
      </div>
    </form>
  )
}
