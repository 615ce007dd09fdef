import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'

import {
  ANNOUNCEMENT_CREATED,
  ANNOUNCEMENT_DELETED,
  ANNOUNCEMENT_HIDDEN,
  ANNOUNCEMENT_SHOWN,
  ANNOUNCEMENT_UPDATED,
  CONFIRM_DELETE_ANNOUNCEMENT,
  FAILED_TO_DELETE_ANNOUNCEMENT,
  NO_ANNOUNCEMENTS,
} from '../../../../shared/admin-content-messages'
import { fieldErrors, messageFromApiError } from '../../../../shared/api-error'
import { ANNOUNCEMENT_TYPES } from '../../../../shared/constants'
import { formatDateTime } from '../../../../shared/format'
import { siteZone, timeZoneLabel } from '../../../../shared/site-zone'
import { ERROR, FAILED_TO_CREATE_ANNOUNCEMENT, FAILED_TO_UPDATE_ANNOUNCEMENT, SOMETHING_WENT_WRONG } from '../../../../shared/messages'
import { announcementCreateSchema, announcementUpdateSchema } from '../../../../shared/schemas/content'
import type { Announcement, AnnouncementType } from '../../../../shared/types/content'
import { apiJson } from '../../../lib/api-client'
import { withQueryClient } from '../../../lib/query-client'
import { toast } from '../../../lib/stores/toast-store'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { Input } from '../../ui/Input'
import { Spinner } from '../../ui/Spinner'
import { CARD_CLASS, INPUT_CLASS, cx, type BadgeTone } from '../../ui/styles'
import { ConfirmDelete } from './ConfirmDelete'
import { fromWallClock, toWallClock } from './site-time'

export const ANNOUNCEMENTS_QUERY_KEY = ['/api/announcements'] as const

type Values = { title: string; content: string; type: AnnouncementType; expiresAt: string }
type Errors = Partial<Record<keyof Values, string>>
const EMPTY: Values = { title: '', content: '', type: 'general', expiresAt: '' }
const TYPE_LABELS: Record<AnnouncementType, string> = { general: 'General', urgent: 'Urgent', update: 'Update', event: 'Event' }

/** The server's own words when it sent some (a 400's reason), else the spec's fallback (SPEC §8). */
function failureText(error: unknown, fallback: string): string {
  const message = messageFromApiError(error)
  return message === SOMETHING_WENT_WRONG || /^\d{3}: /.test(message) || message === 'Failed to fetch' ? fallback : message
}

const when = (iso: string) => formatDateTime(iso)

/** Where an announcement stands now: what the home page's banner does with it (spec §4). */
function standing(a: Announcement, now: number): { label: string; tone: BadgeTone } {
  if (!a.isActive) return { label: 'Hidden', tone: 'neutral' }
  if (a.expiresAt && Date.parse(a.expiresAt) <= now) return { label: 'Expired', tone: 'neutral' }
  if (a.startsAt && Date.parse(a.startsAt) > now) return { label: 'Scheduled', tone: 'warning' }
  return { label: 'On the site', tone: 'success' }
}

const EyeIcon = ({ open }: { open: boolean }) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
    {!open && <path d="M3 3l18 18" />}
  </svg>
)

/** Announcements (SPEC §2): every one, active or not; write, edit, show or hide (the eye), delete. */
function AnnouncementsManager() {
  const queryClient = useQueryClient()
  const announcements = useQuery<Announcement[]>({ queryKey: ANNOUNCEMENTS_QUERY_KEY })
  const [editing, setEditing] = useState<Announcement | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_QUERY_KEY })
  const now = Date.now()

  const toggle = useMutation({
    mutationFn: (a: Announcement) => apiJson<Announcement>('PATCH', `/api/announcements/${a.id}`, { isActive: !a.isActive }),
    onSuccess: async (saved) => {
      toast({ title: saved.isActive ? ANNOUNCEMENT_SHOWN : ANNOUNCEMENT_HIDDEN, description: `“${saved.title}”` })
      await refresh()
    },
    onError: (error) => toast({ title: ERROR, description: failureText(error, FAILED_TO_UPDATE_ANNOUNCEMENT), variant: 'destructive' }),
  })
  const remove = useMutation({
    mutationFn: (a: Announcement) => apiJson('DELETE', `/api/announcements/${a.id}`),
    onSuccess: async (_result, a) => {
      toast({ title: ANNOUNCEMENT_DELETED, description: `“${a.title}” has been deleted.` })
      if (editing?.id === a.id) setEditing(null)
      await refresh()
    },
    onError: (error) => toast({ title: ERROR, description: failureText(error, FAILED_TO_DELETE_ANNOUNCEMENT), variant: 'destructive' }),
  })

  return (
    <div className="grid gap-6 lg:grid-cols-[24rem_minmax(0,1fr)]">
      <AnnouncementForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} onSaved={refresh} />
      <section aria-labelledby="admin-announcements-heading" className="min-w-0 space-y-4">
        <h2 id="admin-announcements-heading" className="text-2xl font-bold">
          Announcements
        </h2>
        {announcements.isPending ? (
          <p className="flex items-center gap-2 text-muted-foreground" role="status">
            <Spinner /> Loading announcements…
          </p>
        ) : announcements.isError ? (
          <p role="alert" className="text-destructive dark:text-red-300">{messageFromApiError(announcements.error)}</p>
        ) : announcements.data.length === 0 ? (
          <p className={`${CARD_CLASS} p-6 text-muted-foreground`}>{NO_ANNOUNCEMENTS}</p>
        ) : (
          <ul className="space-y-3">
            {announcements.data.map((a) => {
              const state = standing(a, now)
              const busy = toggle.isPending && toggle.variables?.id === a.id
              return (
                <li key={a.id} className={`${CARD_CLASS} space-y-2 p-4`}>
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h3 className="font-semibold break-words">{a.title}</h3>
                      <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
                        <Badge tone={a.type === 'urgent' ? 'warning' : 'outline'}>{TYPE_LABELS[a.type]}</Badge>
                        <Badge tone={state.tone}>{state.label}</Badge>
                        {a.expiresAt && <span className="text-muted-foreground">Expires {when(a.expiresAt)}</span>}
                        {a.startsAt && Date.parse(a.startsAt) > now && <span className="text-muted-foreground">Starts {when(a.startsAt)}</span>}
                      </div>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      {/* The eye (spec §2) says what it does, and so what is true now: Hide while the
                          announcement is on the site (green, an open eye), Show while it is not. */}
                      <Button
                        variant="outline"
                        size="sm"
                        className={a.isActive ? 'border-success bg-success-soft text-success' : undefined}
                        aria-disabled={busy || undefined}
                        onClick={() => !busy && toggle.mutate(a)}
                      >
                        <EyeIcon open={a.isActive} />
                        {a.isActive ? (
                          <>
                            Hide<span className="sr-only"> {a.title} from the site</span>
                          </>
                        ) : (
                          <>
                            Show<span className="sr-only"> {a.title} on the site</span>
                          </>
                        )}
                      </Button>
                      <Button variant="outline" size="sm" onClick={() => setEditing(a)}>
                        Edit<span className="sr-only"> {a.title}</span>
                      </Button>
                      <ConfirmDelete question={CONFIRM_DELETE_ANNOUNCEMENT} itemName={a.title} onConfirm={() => remove.mutateAsync(a)} />
                    </div>
                  </div>
                  <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{a.content}</p>
                </li>
              )
            })}
          </ul>
        )}
      </section>
    </div>
  )
}

function AnnouncementForm({ editing, onDone, onSaved }: { editing: Announcement | null; onDone: () => void; onSaved: () => Promise<unknown> }) {
  const prefix = useId()
  const id = (name: keyof Values) => `${prefix}-${name}`
  const creating = editing === null
  const [values, setValues] = useState<Values>(() =>
    editing ? { title: editing.title, content: editing.content, type: editing.type, expiresAt: toWallClock(editing.expiresAt, siteZone()) } : EMPTY,
  )
  const [errors, setErrors] = useState<Errors>({})
  const [attempted, setAttempted] = useState(false)

  const initialExpiry = editing ? toWallClock(editing.expiresAt, siteZone()) : ''
  // An expiry left as it was is not sent: the field shows minutes, the stored time may have seconds.
  const body = (v: Values) => ({
    title: v.title,
    content: v.content,
    type: v.type,
    ...(editing && v.expiresAt === initialExpiry ? {} : { expiresAt: v.expiresAt ? fromWallClock(v.expiresAt, siteZone()) : null }),
  })
  const validate = (v: Values) => {
    const result = creating ? announcementCreateSchema.safeParse(body(v)) : announcementUpdateSchema.safeParse(body(v))
    return { result, errors: result.success ? {} : (fieldErrors(result.error) as Errors) }
  }
  const change = (name: keyof Values, value: string) => {
    const next = { ...values, [name]: value }
    setValues(next)
    if (attempted) setErrors(validate(next).errors)
  }

  const save = useMutation({
    mutationFn: (data: ReturnType<typeof body>) =>
      creating ? apiJson<Announcement>('POST', '/api/announcements', data) : apiJson<Announcement>('PATCH', `/api/announcements/${editing.id}`, data),
    onSuccess: async (saved) => {
      toast({ title: creating ? ANNOUNCEMENT_CREATED : ANNOUNCEMENT_UPDATED, description: `“${saved.title}” is saved.` })
      if (creating) {
        setValues(EMPTY)
        setAttempted(false)
      } else {
        onDone()
      }
      await onSaved()
    },
    onError: (error) =>
      toast({ title: ERROR, description: failureText(error, creating ? FAILED_TO_CREATE_ANNOUNCEMENT : FAILED_TO_UPDATE_ANNOUNCEMENT), variant: 'destructive' }),
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (save.isPending) return
    setAttempted(true)
    const { result, errors: next } = validate(values)
    setErrors(next)
    if (result.success) save.mutate(body(values))
    else document.getElementById(id((['title', 'content', 'type', 'expiresAt'] as const).find((n) => next[n]) ?? 'title'))?.focus()
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${prefix}-heading`} className={`${CARD_CLASS} h-fit space-y-5 p-5`}>
      <h2 id={`${prefix}-heading`} className="text-xl font-bold break-words">
        {creating ? 'New announcement' : `Edit “${editing.title}”`}
      </h2>
      <Field id={id('title')} label="Title" error={errors.title}>
        {(a11y) => <Input {...a11y} value={values.title} onChange={(e) => change('title', e.target.value)} autoComplete="off" />}
      </Field>
      <Field id={id('content')} label="Content" error={errors.content} hint="A blank line starts a new paragraph; links as https://… or [words](address).">
        {(a11y) => (
          <textarea
            {...a11y}
            rows={5}
            value={values.content}
            onChange={(e) => change('content', e.target.value)}
            className="block w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-base text-card-foreground aria-invalid:border-destructive"
          />
        )}
      </Field>
      <Field id={id('type')} label="Type" error={errors.type}>
        {(a11y) => (
          <select {...a11y} value={values.type} onChange={(e) => change('type', e.target.value)} className={INPUT_CLASS}>
            {ANNOUNCEMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={id('expiresAt')} label="Expires" labelSuffix={`(optional, ${timeZoneLabel(siteZone())})`} error={errors.expiresAt} hint="Leave it empty to keep it up until you hide it.">
        {(a11y) => <Input {...a11y} type="datetime-local" value={values.expiresAt} onChange={(e) => change('expiresAt', e.target.value)} />}
      </Field>
      <div className={cx('flex flex-wrap justify-end gap-3')}>
        {!creating && (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" aria-disabled={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : creating ? 'Publish announcement' : 'Save announcement'}
        </Button>
      </div>
    </form>
  )
}

export default withQueryClient(AnnouncementsManager)
