// /admin/seo-bot (SPEC §2 Admin → SEO bot): the bot's status (polled every 30 s), start, stop and
// process now, the auto-accept setting, and its proposals as diffs to accept or reject.
import * as Switch from '@radix-ui/react-switch'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'

import { messageFromApiError } from '../../../shared/api-error'
import { REFRESH_MS } from '../../../shared/constants'
import { formatCount, formatDateTime } from '../../../shared/format'
import {
  FAILED_TO_START_BOT,
  FAILED_TO_START_BOT_DESCRIPTION,
  FAILED_TO_STOP_BOT,
  PROCESSING_FAILED,
  PROCESSING_FAILED_DESCRIPTION,
} from '../../../shared/messages'
import { describeInterval, type SeoBotSettings, type SeoBotStatus } from '../../../shared/seo-bot'
import { apiJson } from '../../lib/api-client'
import { withQueryClient } from '../../lib/query-client'
import { toast } from '../../lib/stores/toast-store'
import { Button } from '../ui/Button'
import { Spinner } from '../ui/Spinner'
import { badgeClass, CARD_CLASS, cx } from '../ui/styles'
import { ProposalList, PROPOSALS_URL } from './seo-bot/ProposalList'

export const STATUS_URL = '/api/seo-bot/status'
const SETTINGS_URL = '/api/seo-bot/settings'
// SPEC §7: the actions also refresh '/api/seo/status' (the key the spec names for the same status).
const STATUS_KEYS = [[STATUS_URL], ['/api/seo/status']] as const

type Message = { message: string }

/** After start or process-now the run takes a few seconds: the panel looks every 2 s for a while. */
const WATCH_MS = 30_000
const WATCH_POLL_MS = 2_000

function useWatchWindow() {
  const [until, setUntil] = useState(0)
  const watching = until > 0
  useEffect(() => {
    if (!watching) return
    const timer = setTimeout(() => setUntil(0), Math.max(0, until - Date.now()))
    return () => clearTimeout(timer)
  }, [until, watching])
  return { watching, watch: () => setUntil(Date.now() + WATCH_MS) }
}

function useBotAction(url: string, failure: { title: string; description?: string }, onDone?: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiJson<Message>('POST', url),
    onSuccess: (result) => {
      toast({ title: 'SEO Bot', description: result.message })
      onDone?.()
    },
    onError: (error) => toast({ title: failure.title, description: failure.description ?? messageFromApiError(error), variant: 'destructive' }),
    onSettled: async () => {
      await Promise.all([...STATUS_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })), queryClient.invalidateQueries({ queryKey: [PROPOSALS_URL] })])
    },
  })
}

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—')

function SeoBotTab() {
  const { watching, watch } = useWatchWindow()
  const refetchInterval = watching ? WATCH_POLL_MS : REFRESH_MS.seoBotStatus
  const status = useQuery<SeoBotStatus>({ queryKey: [STATUS_URL], refetchInterval })
  const start = useBotAction('/api/seo-bot/start', { title: FAILED_TO_START_BOT, description: FAILED_TO_START_BOT_DESCRIPTION }, watch)
  const stop = useBotAction('/api/seo-bot/stop', { title: FAILED_TO_STOP_BOT })
  const processNow = useBotAction('/api/seo-bot/process-now', { title: PROCESSING_FAILED, description: PROCESSING_FAILED_DESCRIPTION }, watch)
  const data = status.data
  const busy = start.isPending || stop.isPending

  return (
    <section aria-labelledby="seo-bot-heading" className="space-y-6">
      <div>
        <h2 id="seo-bot-heading" className="text-2xl font-bold">
          SEO bot
        </h2>
        <p className="text-sm text-muted-foreground">
          Writes search titles, descriptions, keywords, tags and key moments for videos without SEO data. It proposes; you decide.
        </p>
      </div>

      <div className={cx(CARD_CLASS, 'space-y-4 p-5')} aria-live="polite">
        {data ? (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <span className={badgeClass(data.isRunning ? 'success' : 'neutral')} data-testid="seo-bot-state">
                {data.isRunning ? 'Running' : 'Stopped'}
              </span>
              {data.isRunning && data.startedAt && <span className="text-sm text-muted-foreground">since {when(data.startedAt)}</span>}
            </div>
            <dl className="grid gap-4 sm:grid-cols-4">
              <Fact label="Processed this session" value={formatCount(data.processedThisSession)} testId="seo-bot-processed" />
              <Fact label="Total videos" value={formatCount(data.totalVideos)} />
              <Fact label="Check interval" value={describeInterval(data.checkInterval)} />
              <Fact label="Waiting for you" value={formatCount(data.pendingProposals)} />
            </dl>
            <p className="text-sm text-muted-foreground">
              Last run: {when(data.lastRunAt)} · engine: {data.provider}
            </p>
            {data.lastRunError && (
              <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive dark:text-red-300">
                The last run had a problem: {data.lastRunError}
              </p>
            )}
          </>
        ) : status.error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            Could not load the bot's status: {messageFromApiError(status.error)}
          </p>
        ) : (
          <p className="inline-flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> Loading the bot's status…
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => start.mutate()} disabled={busy || !data || data.isRunning}>
            Start Bot
          </Button>
          <Button variant="outline" onClick={() => stop.mutate()} disabled={busy || !data || !data.isRunning}>
            Stop Bot
          </Button>
          <Button variant="secondary" onClick={() => processNow.mutate()} disabled={processNow.isPending || !data}>
            {processNow.isPending ? 'Starting…' : 'Process Now'}
          </Button>
        </div>
        {data && <AutoAcceptSwitch initial={data.autoAccept} />}
      </div>

      <ProposalList refetchInterval={refetchInterval} />
    </section>
  )
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}

/** A labelled Radix switch (role="switch", Space toggles it): proposals applied without asking. */
function AutoAcceptSwitch({ initial }: { initial: boolean }) {
  const id = useId()
  const queryClient = useQueryClient()
  const settings = useQuery<SeoBotSettings>({ queryKey: [SETTINGS_URL], initialData: { autoAccept: initial } })
  const save = useMutation({
    mutationFn: (autoAccept: boolean) => apiJson<SeoBotSettings>('PUT', SETTINGS_URL, { autoAccept }),
    onSuccess: (result) => {
      queryClient.setQueryData([SETTINGS_URL], result)
      void queryClient.invalidateQueries({ queryKey: [STATUS_URL] })
    },
    onError: (error) => toast({ title: 'Could not change auto-accept', description: messageFromApiError(error), variant: 'destructive' }),
  })
  const checked = save.isPending ? Boolean(save.variables) : settings.data.autoAccept
  return (
    <div className="flex items-center gap-3 border-t border-border pt-4">
      <Switch.Root
        id={id}
        checked={checked}
        aria-busy={save.isPending || undefined}
        aria-describedby={`${id}-note`}
        onCheckedChange={(value) => {
          if (!save.isPending) save.mutate(value)
        }}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="pointer-events-none block h-5 w-5 translate-x-0 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
      </Switch.Root>
      <div>
        <label htmlFor={id} className="text-sm font-semibold">
          Auto-accept proposals
        </label>
        <p id={`${id}-note`} className="text-xs text-muted-foreground">
          On: the bot writes its fields to the video at once. Off: each proposal waits for you below.
        </p>
      </div>
    </div>
  )
}

export default withQueryClient(SeoBotTab)
