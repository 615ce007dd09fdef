// One proposal, compact: a line (select box, video title, what changes, stale and hand-written
// marks) that expands to its fields, each accepted on its own, as proposed or edited.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'

import { messageFromApiError } from '../../../../shared/api-error'
import { formatDateTime } from '../../../../shared/format'
import { SEO_BOT_MESSAGES, SEO_FIELD_LABELS, SEO_FIELD_NAMES, type SeoFieldName, type SeoProposalView } from '../../../../shared/seo-bot'
import { apiJson } from '../../../lib/api-client'
import { toast } from '../../../lib/stores/toast-store'
import { Button } from '../../ui/Button'
import { badgeClass, CARD_CLASS, cx, INPUT_CLASS } from '../../ui/styles'
import { fieldText, MULTILINE, parseFieldText } from './field-text'

export const PROPOSALS_URL = '/api/seo-bot/proposals'

type AcceptBody = { fields?: SeoFieldName[]; values?: Record<string, unknown> }

export function useProposalAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action, body }: { id: number; action: 'accept' | 'reject' | 'regenerate'; body?: AcceptBody }) =>
      apiJson<{ message: string }>('POST', `${PROPOSALS_URL}/${id}/${action}`, body),
    onSuccess: (result, { action }) =>
      toast({ title: action === 'accept' ? 'Proposal Accepted' : action === 'reject' ? 'Proposal Rejected' : 'Proposal Regenerated', description: result.message }),
    onError: (error, { action }) =>
      toast({ title: `Could not ${action === 'regenerate' ? 'regenerate' : action} the proposal`, description: messageFromApiError(error), variant: 'destructive' }),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: [PROPOSALS_URL] }), queryClient.invalidateQueries({ queryKey: ['/api/seo-bot/status'] })])
    },
  })
}

type RowProps = { proposal: SeoProposalView; selected: boolean; onSelect: (selected: boolean) => void }

export function ProposalRow({ proposal, selected, onSelect }: RowProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const title = proposal.video?.title ?? 'A deleted video'
  const pending = proposal.status === 'pending'
  const undecided = proposal.changed.filter((name) => !proposal.decisions[name])
  const summary = pending
    ? `${undecided.length} of ${proposal.changed.length} change${proposal.changed.length === 1 ? '' : 's'} to decide`
    : `${proposal.changed.length} field${proposal.changed.length === 1 ? '' : 's'} differ`

  return (
    <article aria-label={title} className={cx(CARD_CLASS, 'px-3 py-2')} data-testid="seo-proposal" data-proposal-id={proposal.id}>
      <div className="flex min-w-0 items-center gap-3">
        {pending && (
          <input
            type="checkbox"
            className="h-4 w-4 shrink-0 accent-primary"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={`Select the proposal for ${title}`}
          />
        )}
        <button
          type="button"
          className="flex min-w-0 flex-1 items-center gap-2 rounded text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
        >
          <span aria-hidden="true" className={cx('shrink-0 transition-transform', open && 'rotate-90')}>
            ▸
          </span>
          <span className="truncate font-semibold">{title}</span>
          <span className="shrink-0 text-xs text-muted-foreground">
            · {proposal.error ? 'failed' : summary} · {formatDateTime(proposal.createdAt)} · {proposal.provider}
          </span>
        </button>
        {proposal.stale && pending && (
          <span className={badgeClass('warning', 'shrink-0')} data-testid="seo-proposal-stale">
            {SEO_BOT_MESSAGES.staleLabel}
          </span>
        )}
        {proposal.keyMomentsHandWritten && pending && <span className={badgeClass('outline', 'hidden shrink-0 sm:inline-flex')}>Key moments hand-written</span>}
      </div>
      <div id={panelId} hidden={!open} className="space-y-3 pt-3">
        {open && <ProposalFields proposal={proposal} title={title} />}
      </div>
    </article>
  )
}

function ProposalFields({ proposal, title }: { proposal: SeoProposalView; title: string }) {
  const action = useProposalAction()
  const [showAll, setShowAll] = useState(false)
  const pending = proposal.status === 'pending'
  const blocked = action.isPending || proposal.stale
  const names = proposal.proposed ? SEO_FIELD_NAMES.filter((name) => showAll || proposal.changed.includes(name) || proposal.decisions[name]) : []

  return (
    <>
      {proposal.video && (
        <p className="text-sm">
          <a className="underline" href={`/video/${encodeURIComponent(proposal.video.videoId)}`}>
            Open the video
          </a>
        </p>
      )}
      {proposal.error && <p className="text-sm text-destructive">{proposal.error}</p>}
      {pending && proposal.stale && (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm">
          <span>{SEO_BOT_MESSAGES.staleLabel}: its fields were made from text the video no longer has. Regenerate to accept them.</span>
          <Button size="sm" variant="secondary" disabled={action.isPending} onClick={() => action.mutate({ id: proposal.id, action: 'regenerate' })}>
            Regenerate
          </Button>
        </div>
      )}
      {proposal.proposed &&
        (names.length === 0 ? (
          <p className="text-sm text-muted-foreground">The video already has exactly these fields.</p>
        ) : (
          <ul className="divide-y divide-border/60 text-sm" aria-label={`Search fields of ${title}`}>
            {names.map((name) => (
              <FieldRow key={name} name={name} proposal={proposal} title={title} blocked={blocked} onAccept={(body) => action.mutate({ id: proposal.id, action: 'accept', body })} />
            ))}
          </ul>
        ))}
      {proposal.proposed && (
        <Button variant="ghost" size="sm" aria-pressed={showAll} onClick={() => setShowAll((v) => !v)}>
          {showAll ? 'Show changed fields only' : 'Show all fields'}
        </Button>
      )}
      {pending && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => action.mutate({ id: proposal.id, action: 'accept' })} disabled={blocked || !proposal.proposed} aria-label={`Accept all fields for ${title}`}>
            Accept all
          </Button>
          <Button variant="outline" onClick={() => action.mutate({ id: proposal.id, action: 'reject' })} disabled={action.isPending} aria-label={`${Object.keys(proposal.decisions).length ? 'Reject the rest of the proposal' : 'Reject the proposal'} for ${title}`}>
            {Object.keys(proposal.decisions).length ? 'Reject the rest' : 'Reject'}
          </Button>
        </div>
      )}
    </>
  )
}

/** 'Tags' → 'tags', 'SEO title' stays: a label inside a sentence. */
const inSentence = (label: string) => (/^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1))

type FieldRowProps = { name: SeoFieldName; proposal: SeoProposalView; title: string; blocked: boolean; onAccept: (body: AcceptBody) => void }

function FieldRow({ name, proposal, title, blocked, onAccept }: FieldRowProps) {
  const label = SEO_FIELD_LABELS[name]
  const inputId = useId()
  const proposed = proposal.proposed![name]
  const [draft, setDraft] = useState<string | null>(null)
  const decision = proposal.decisions[name]
  const handWritten = name === 'keyMoments' && proposal.keyMomentsHandWritten
  const changed = proposal.changed.includes(name)
  const now = fieldText(proposal.current?.[name]) || '—'
  const canDecide = proposal.status === 'pending' && !decision && !handWritten

  return (
    <li className="grid gap-1 py-2 sm:grid-cols-[9rem_minmax(0,1fr)_minmax(0,1fr)_10rem] sm:gap-3" data-field={name}>
      <span className="font-medium">{label}</span>
      <span className="whitespace-pre-line text-muted-foreground">
        <span className="sr-only">Now: </span>
        {changed && !decision ? <del className="decoration-destructive/60">{now}</del> : now}
      </span>
      <div className="whitespace-pre-line">
        {draft !== null ? (
          <form
            className="space-y-2"
            onSubmit={(e) => {
              e.preventDefault()
              onAccept({ fields: [name], values: { [name]: parseFieldText(name, draft) } })
              setDraft(null)
            }}
          >
            <label htmlFor={inputId} className="sr-only">
              {label} for {title}
            </label>
            {MULTILINE.has(name) ? (
              <textarea id={inputId} className={cx(INPUT_CLASS, 'min-h-24')} value={draft} onChange={(e) => setDraft(e.target.value)} />
            ) : (
              <input id={inputId} className={INPUT_CLASS} value={draft} onChange={(e) => setDraft(e.target.value)} />
            )}
            {(name === 'tags' || name === 'keywords') && <p className="text-xs text-muted-foreground">Separate them with commas.</p>}
            {name === 'keyMoments' && <p className="text-xs text-muted-foreground">One a line: m:ss, then its name.</p>}
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={blocked}>
                Accept edited {inSentence(label)}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <>
            <span className="sr-only">Proposed: </span>
            {proposed === null ? (
              <span className="text-muted-foreground">Not proposed: the title already serves search well.</span>
            ) : changed && !decision ? (
              <ins className="bg-primary/10 no-underline">{fieldText(proposed)}</ins>
            ) : (
              fieldText(proposed)
            )}
          </>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-2">
        {decision ? (
          <span className={badgeClass(decision.action === 'accepted' ? 'success' : 'neutral')}>
            {decision.action === 'accepted' ? (decision.edited ? 'Accepted, edited' : 'Accepted') : decision.action === 'kept' ? 'Kept: hand-written' : 'Rejected'}
          </span>
        ) : handWritten ? (
          <span className={badgeClass('outline')} title={SEO_BOT_MESSAGES.keyMomentsHandWritten}>
            Kept: hand-written
          </span>
        ) : (
          canDecide &&
          draft === null && (
            <>
              {proposed !== null && changed && (
                <Button size="sm" disabled={blocked} onClick={() => onAccept({ fields: [name] })} aria-label={`Accept the ${inSentence(label)} for ${title}`}>
                  Accept
                </Button>
              )}
              <Button size="sm" variant="outline" disabled={blocked} onClick={() => setDraft(fieldText(proposed ?? proposal.current?.[name]))} aria-label={`Edit the ${inSentence(label)} for ${title}`}>
                Edit
              </Button>
            </>
          )
        )}
      </div>
    </li>
  )
}
