import { loadScript, type PayPalNamespace } from '@paypal/paypal-js'
import { useEffect, useRef, useState } from 'react'

import { messageFromApiError } from '../../../shared/api-error'
import { SUBSCRIPTION_REDIRECT_MS } from '../../../shared/constants'
import {
  PAYPAL_CONFIG_ERROR,
  PAYPAL_LOAD_ERROR,
  PAYPAL_UNAVAILABLE,
  SUBSCRIPTION_ACCOUNT_UPDATE_FAILED,
  SUBSCRIPTION_APPROVED,
  SUBSCRIPTION_APPROVED_DESCRIPTION,
  SUBSCRIPTION_BUTTON_ERROR,
  SUBSCRIPTION_CANCELLED,
  SUBSCRIPTION_CANCELLED_DESCRIPTION,
  SUBSCRIPTION_ERROR,
  SUBSCRIPTION_ERROR_DESCRIPTION,
  WARNING,
} from '../../../shared/messages'
import { apiJson } from '../../lib/api-client'
import { toast } from '../../lib/stores/toast-store'
import { Spinner } from '../ui/Spinner'

export interface SubscribeButtonProps {
  /** The plan the button subscribes to (PAYPAL_PLAN_ID); null when PayPal is not configured. */
  planId: string | null
  /** Where the PayPal JS SDK loads from (PayPal's own, or the fake PayPal in tests). */
  sdkBaseUrl: string
  /** The member's id, sent as the subscription's custom_id: the server grants Premium to this member only. */
  memberId: string
}

type Phase = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string } | { kind: 'activating' }

/** GET /api/paypal/client-id: the client id, or null when the server has none (503). */
async function fetchClientId(): Promise<string | null> {
  try {
    const res = await fetch('/api/paypal/client-id', { credentials: 'include', headers: { Accept: 'application/json' } })
    if (!res.ok) return null
    const body = (await res.json()) as { clientId?: unknown }
    return typeof body.clientId === 'string' && body.clientId ? body.clientId : null
  } catch {
    return null
  }
}

/**
 * The PayPal subscription button (SPEC §4, §7 Payment, §8). The SDK comes through
 * `@paypal/paypal-js` with the server's client id; PayPal's approval only starts the activation:
 * the server fetches the subscription from PayPal and decides (the browser never does).
 */
export default function SubscribeButton({ planId, sdkBaseUrl, memberId }: SubscribeButtonProps) {
  const container = useRef<HTMLDivElement>(null)
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' })

  useEffect(() => {
    let gone = false
    const fail = (message: string) => !gone && setPhase({ kind: 'failed', message })

    async function mount() {
      const clientId = await fetchClientId()
      if (!clientId || !planId) return fail(PAYPAL_CONFIG_ERROR)
      let paypal: PayPalNamespace | null
      try {
        paypal = await loadScript({ clientId, vault: true, intent: 'subscription', sdkBaseUrl })
      } catch {
        return fail(PAYPAL_LOAD_ERROR)
      }
      if (!paypal?.Buttons) return fail(PAYPAL_UNAVAILABLE)
      const buttons = paypal.Buttons({
        style: { shape: 'rect', color: 'gold', layout: 'vertical', label: 'subscribe' },
        createSubscription: (_data, actions) => actions.subscription.create({ plan_id: planId!, custom_id: memberId }),
        onApprove: async ({ subscriptionID, payerID }) => {
          if (!subscriptionID) throw new Error('PayPal approved without a subscription id')
          setPhase({ kind: 'activating' })
          toast({ title: SUBSCRIPTION_APPROVED, description: SUBSCRIPTION_APPROVED_DESCRIPTION })
          try {
            await apiJson<{ success: boolean; message: string }>('POST', '/api/user/premium-subscription', {
              subscriptionId: subscriptionID,
              payerId: payerID ?? '',
              status: 'active',
            })
          } catch (error) {
            // Paid, but the account is not Premium yet: PayPal's webhook completes it later.
            console.error('premium activation failed', messageFromApiError(error))
            toast({ title: WARNING, description: SUBSCRIPTION_ACCOUNT_UPDATE_FAILED, variant: 'destructive' })
            setPhase({ kind: 'ready' })
            return
          }
          setTimeout(() => window.location.assign('/premium'), SUBSCRIPTION_REDIRECT_MS)
        },
        onCancel: () => toast({ title: SUBSCRIPTION_CANCELLED, description: SUBSCRIPTION_CANCELLED_DESCRIPTION }),
        onError: () => toast({ title: SUBSCRIPTION_ERROR, description: SUBSCRIPTION_ERROR_DESCRIPTION, variant: 'destructive' }),
      })
      if (gone || !container.current) return
      try {
        await buttons.render(container.current)
        if (!gone) setPhase({ kind: 'ready' })
      } catch {
        fail(SUBSCRIPTION_BUTTON_ERROR)
      }
    }

    void mount()
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
