// The SEO bot's proposals by status (Radix tabs): one line each, expandable to its fields (each
// accepted on its own, as proposed or edited); the waiting ones selectable to accept or reject together.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import { messageFromApiError } from '../../../../shared/api-error'
import { REFRESH_MS } from '../../../../shared/constants'
import type { SeoBulkResult, SeoProposalStatus, SeoProposalView } from '../../../../shared/seo-bot'
import { apiJson } from '../../../lib/api-client'
import { toast } from '../../../lib/stores/toast-store'
import { Button } from '../../ui/Button'
import { Spinner } from '../../ui/Spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs'
import { ProposalRow, PROPOSALS_URL } from './ProposalRow'

export { PROPOSALS_URL }

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

function useBulk(onDone: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { action: 'accept' | 'reject'; ids: number[] }) => apiJson<SeoBulkResult>('POST', `${PROPOSALS_URL}/bulk`, body),
    onSuccess: (result) => {
      const failed = result.results.filter((r) => !r.ok)
      toast({
        title: failed.length ? 'Some proposals were not decided' : 'Proposals decided',
        description: [result.message, ...failed.map((r) => r.error)].filter(Boolean).join(' '),
        variant: failed.length ? 'destructive' : undefined,
      })
      onDone()
    },
    onError: (error) => toast({ title: 'Could not decide the proposals', description: messageFromApiError(error), variant: 'destructive' }),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: [PROPOSALS_URL] }), queryClient.invalidateQueries({ queryKey: ['/api/seo-bot/status'] })])
    },
  })
}

function ProposalsWithStatus({ status, refetchInterval }: { status: SeoProposalStatus; refetchInterval: number }) {
  const query = useQuery<{ proposals: SeoProposalView[] }>({ queryKey: [PROPOSALS_URL, { status }], refetchInterval })
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set())
  const bulk = useBulk(() => setChosen(new Set()))
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
  const proposals = query.data.proposals
  if (proposals.length === 0) {
    return <p className="text-sm text-muted-foreground">{status === 'pending' ? 'No proposals are waiting. Press Process Now to look for videos without SEO data.' : 'None yet.'}</p>
  }
  // Only proposals still listed count as selected (one decided elsewhere drops out).
  const selected = proposals.filter((p) => chosen.has(p.id)).map((p) => p.id)
  const all = status === 'pending' && selected.length === proposals.length
  const select = (id: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  return (
    <div className="space-y-3">
      {status === 'pending' && (
        <div className="flex flex-wrap items-center gap-3" role="group" aria-label="Selected proposals">
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4 accent-primary" checked={all} onChange={(e) => setChosen(new Set(e.target.checked ? proposals.map((p) => p.id) : []))} />
            Select all
          </label>
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {selected.length} selected
          </span>
          <Button size="sm" disabled={!selected.length || bulk.isPending} onClick={() => bulk.mutate({ action: 'accept', ids: selected })}>
            Accept selected
          </Button>
          <Button size="sm" variant="outline" disabled={!selected.length || bulk.isPending} onClick={() => bulk.mutate({ action: 'reject', ids: selected })}>
            Reject selected
          </Button>
        </div>
      )}
      <ul className="space-y-2" data-testid="seo-proposals">
        {proposals.map((proposal) => (
          <li key={proposal.id}>
            <ProposalRow proposal={proposal} selected={chosen.has(proposal.id)} onSelect={(on) => select(proposal.id, on)} />
          </li>
        ))}
      </ul>
    </div>
  )
}
