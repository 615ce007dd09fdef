// The SEO bot's proposals by status (Radix tabs), each a diff of the video's search fields now
// against what the bot proposes, with Accept and Reject for those waiting.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import { messageFromApiError } from '../../../../shared/api-error'
import { REFRESH_MS } from '../../../../shared/constants'
import { formatDateTime } from '../../../../shared/format'
import { SEO_FIELD_LABELS, SEO_FIELD_NAMES, type SeoFields, type SeoProposalStatus, type SeoProposalView } from '../../../../shared/seo-bot'
import type { KeyMoment } from '../../../../shared/types/content'
import { apiJson } from '../../../lib/api-client'
import { toast } from '../../../lib/stores/toast-store'
import { Button } from '../../ui/Button'
import { Spinner } from '../../ui/Spinner'
import { CARD_CLASS, cx } from '../../ui/styles'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs'

export const PROPOSALS_URL = '/api/seo-bot/proposals'

const STATUSES: { value: SeoProposalStatus; label: string }[] = [
  { value: 'pending', label: 'Waiting' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'failed', label: 'Failed' },
]

export function ProposalList({ refetchInterval = REFRESH_MS.seoBotStatus }: { refetchInterval?: number }) {
  const [status, setStatus] = useState<SeoProposalStatus>('pending')
  return (
    <section aria-labelledby="seo-proposals-heading" className="space-y-4">
      <h3 id="seo-proposals-heading" className="text-xl font-bold">
        Proposals
      </h3>
      <Tabs value={status} onValueChange={(value) => setStatus(value as SeoProposalStatus)}>
        <TabsList aria-label="Proposals by status">
          {STATUSES.map((s) => (
            <TabsTrigger key={s.value} value={s.value}>
              {s.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {STATUSES.map((s) => (
          <TabsContent key={s.value} value={s.value}>
            {status === s.value && <ProposalsWithStatus status={s.value} refetchInterval={refetchInterval} />}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  )
}

function ProposalsWithStatus({ status, refetchInterval }: { status: SeoProposalStatus; refetchInterval: number }) {
  const query = useQuery<{ proposals: SeoProposalView[] }>({ queryKey: [PROPOSALS_URL, { status }], refetchInterval })
  if (query.error) {
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        Could not load the proposals: {messageFromApiError(query.error)}
      </p>
    )
  }
  if (!query.data) {
    return (
      <p className="inline-flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner /> Loading proposals…
      </p>
    )
  }
  if (query.data.proposals.length === 0) {
    return <p className="text-sm text-muted-foreground">{status === 'pending' ? 'No proposals are waiting. Press Process Now to look for videos without SEO data.' : 'None yet.'}</p>
  }
  return (
    <ul className="space-y-4" data-testid="seo-proposals">
      {query.data.proposals.map((proposal) => (
        <li key={proposal.id}>
          <ProposalCard proposal={proposal} />
        </li>
      ))}
    </ul>
  )
}

function useDecision(kind: 'accept' | 'reject') {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiJson<{ message: string }>('POST', `${PROPOSALS_URL}/${id}/${kind}`),
    onSuccess: (result) => toast({ title: kind === 'accept' ? 'Proposal Accepted' : 'Proposal Rejected', description: result.message }),
    onError: (error) => toast({ title: kind === 'accept' ? 'Could not accept the proposal' : 'Could not reject the proposal', description: messageFromApiError(error), variant: 'destructive' }),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: [PROPOSALS_URL] }), queryClient.invalidateQueries({ queryKey: ['/api/seo-bot/status'] })])
    },
  })
}

function ProposalCard({ proposal }: { proposal: SeoProposalView }) {
  const accept = useDecision('accept')
  const reject = useDecision('reject')
  const [showAll, setShowAll] = useState(false)
  const title = proposal.video?.title ?? 'A deleted video'
  const headingId = `proposal-${proposal.id}`
  const rows = proposal.proposed ? SEO_FIELD_NAMES.filter((name) => showAll || proposal.changed.includes(name)) : []
  const busy = accept.isPending || reject.isPending

  return (
    <article aria-labelledby={headingId} className={cx(CARD_CLASS, 'space-y-3 p-5')} data-testid="seo-proposal">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="text-lg font-semibold">
          {proposal.video ? <a href={`/video/${encodeURIComponent(proposal.video.videoId)}`}>{title}</a> : title}
        </h4>
        <p className="text-xs text-muted-foreground">
          {formatDateTime(proposal.createdAt)} · {proposal.provider}
        </p>
      </header>
      {proposal.error && <p className="text-sm text-destructive">{proposal.error}</p>}
      {proposal.proposed && (
        <>
          {rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">The video already has exactly these fields.</p>
          ) : (
            // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too.
            <div className="overflow-x-auto" role="region" aria-label={`Search fields of ${title}`} tabIndex={0}>
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Search fields of {title}: now and proposed</caption>
                <thead>
                  <tr className="border-b border-border text-muted-foreground">
                    <th scope="col" className="py-2 pr-3 font-semibold">Field</th>
                    <th scope="col" className="py-2 pr-3 font-semibold">Now</th>
                    <th scope="col" className="py-2 font-semibold">Proposed</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((name) => {
                    const changed = proposal.changed.includes(name)
                    return (
                      <tr key={name} className="border-b border-border/60 align-top" data-field={name}>
                        <th scope="row" className="py-2 pr-3 font-medium whitespace-nowrap">{SEO_FIELD_LABELS[name]}</th>
                        <td className="py-2 pr-3 whitespace-pre-line text-muted-foreground">
                          {changed ? <del className="decoration-destructive/60">{show(proposal.current?.[name] ?? null) || '—'}</del> : show(proposal.current?.[name] ?? null) || '—'}
                        </td>
                        <td className="py-2 whitespace-pre-line">{changed ? <ins className="no-underline bg-primary/10">{show(proposal.proposed![name])}</ins> : show(proposal.proposed![name])}</td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
          )}
          <Button variant="ghost" size="sm" aria-pressed={showAll} onClick={() => setShowAll((v) => !v)}>
            {showAll ? 'Show changed fields only' : 'Show all fields'}
          </Button>
        </>
      )}
      {proposal.status === 'pending' && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => accept.mutate(proposal.id)} disabled={busy} aria-label={`Accept the proposal for ${title}`}>
            {accept.isPending ? 'Accepting…' : 'Accept'}
          </Button>
          <Button variant="outline" onClick={() => reject.mutate(proposal.id)} disabled={busy} aria-label={`Reject the proposal for ${title}`}>
            {reject.isPending ? 'Rejecting…' : 'Reject'}
          </Button>
        </div>
      )}
    </article>
  )
}

function show(value: SeoFields[keyof SeoFields] | null): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (value.length === 0) return ''
  if (typeof value[0] === 'string') return (value as string[]).join(', ')
  return (value as KeyMoment[]).map((m) => `${m.timestamp} ${m.description}`).join('\n')
}
