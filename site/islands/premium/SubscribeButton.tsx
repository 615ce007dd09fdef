import { loadScript } from '@paypal/paypal-js'
import { useEffect, useRef, useState } from 'react'

import { apiJson } from '../../lib/api-client'
import { toast } from '../../lib/stores/toast-store'
import { Spinner } from '../ui/Spinner'
import { mountSubscriptionButton, type ButtonDeps, type ButtonSettings } from './paypal-button'

export type SubscribeButtonProps = ButtonSettings

type Phase = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string } | { kind: 'activating' }

/** GET /api/paypal/client-id: the client id, or null when the server has none (503). */
async function fetchClientId(): Promise<string | null> {
  const res = await fetch('/api/paypal/client-id', { credentials: 'include', headers: { Accept: 'application/json' } })
  if (!res.ok) return null
  const body = (await res.json()) as { clientId?: unknown }
  return typeof body.clientId === 'string' && body.clientId ? body.clientId : null
}

/**
 * The PayPal subscription button (SPEC §4, §7 Payment, §8). PayPal's approval only starts the
 * activation: the server fetches the subscription from PayPal and decides (never the browser).
 */
export default function SubscribeButton({ planId, sdkBaseUrl, memberId }: SubscribeButtonProps) {
  const container = useRef<HTMLDivElement>(null)
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' })

  useEffect(() => {
    let gone = false
    const deps: ButtonDeps = {
      clientId: fetchClientId,
      loadScript,
      recordStarted: (body) => apiJson('POST', '/api/user/premium-subscription/started', body),
      activate: (body) => apiJson('POST', '/api/user/premium-subscription', body),
      toast,
      goToPremium: () => window.location.assign('/premium'),
      onActivating: (busy) => !gone && setPhase({ kind: busy ? 'activating' : 'ready' }),
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    }
    void mountSubscriptionButton(container.current!, { planId, sdkBaseUrl, memberId }, deps).then((result) => {
      if (!gone) setPhase(result.ok ? { kind: 'ready' } : { kind: 'failed', message: result.message })
    })
    return () => {
      gone = true
    }
  }, [planId, sdkBaseUrl, memberId])

  return (
    <div className="grid gap-3">
      {phase.kind === 'loading' && (
        <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> Loading PayPal…
        </p>
      )}
      {phase.kind === 'failed' && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-center text-sm font-medium text-destructive">
          {phase.message}
        </p>
      )}
      {phase.kind === 'activating' && (
        <p className="flex items-center justify-center gap-2 text-sm font-medium" role="status">
          <Spinner /> Activating your Premium membership…
        </p>
      )}
      {/* PayPal renders its buttons here; kept mounted (hidden while loading) so render() has a home. */}
      <div ref={container} data-testid="paypal-buttons" hidden={phase.kind === 'failed'} />
    </div>
  )
}
