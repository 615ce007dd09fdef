// The PayPal subscription button's steps (SPEC §4, §7 Payment, §8), apart from React so each of
// the spec's failure messages can be tested: client id → SDK → Buttons → render, and the approval.
import type { PayPalNamespace, PayPalScriptOptions } from '@paypal/paypal-js'

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
import type { ToastInput } from '../../lib/stores/toast-store'

export type ButtonSettings = {
  /** The plan to subscribe to (PAYPAL_PLAN_ID). */
  planId: string
  /** Where the PayPal JS SDK loads from (PayPal's own, or the fake PayPal in tests). */
  sdkBaseUrl: string
  /** The member's id, sent as the subscription's custom_id: the server grants Premium to this member only. */
  memberId: string
}

export type ButtonDeps = {
  /** GET /api/paypal/client-id → the id, or null (503, network failure, empty). */
  clientId: () => Promise<string | null>
  /** @paypal/paypal-js loadScript. */
  loadScript: (options: PayPalScriptOptions) => Promise<PayPalNamespace | null>
  /**
   * POST /api/user/premium-subscription/started: the site records the subscription PayPal just
   * created, before the buyer pays; throws when the server refuses (409: one already renews).
   */
  recordStarted: (body: { subscriptionId: string }) => Promise<unknown>
  /** POST /api/user/premium-subscription; throws when the server refuses. */
  activate: (body: { subscriptionId: string; payerId: string; status: 'active' }) => Promise<unknown>
  toast: (input: ToastInput) => unknown
  /** Leaves for /premium. */
  goToPremium: () => void
  /** The button is busy activating (PayPal approved, the server not answered yet). */
  onActivating: (busy: boolean) => void
  setTimeout: (fn: () => void, ms: number) => unknown
}

export type MountResult = { ok: true } | { ok: false; message: string }

/** Loads PayPal and renders the subscription button into `container`; never throws. */
export async function mountSubscriptionButton(container: HTMLElement, settings: ButtonSettings, deps: ButtonDeps): Promise<MountResult> {
  const clientId = await deps.clientId().catch(() => null)
  if (!clientId || !settings.planId) return { ok: false, message: PAYPAL_CONFIG_ERROR }
  let paypal: PayPalNamespace | null
  try {
    paypal = await deps.loadScript({ clientId, vault: true, intent: 'subscription', sdkBaseUrl: settings.sdkBaseUrl })
  } catch {
    return { ok: false, message: PAYPAL_LOAD_ERROR }
  }
  if (!paypal?.Buttons) return { ok: false, message: PAYPAL_UNAVAILABLE }
  // The site's refusal was toasted with its own reason; PayPal's onError then adds nothing.
  let refused = false
  try {
    await paypal
      .Buttons({
        style: { shape: 'rect', color: 'gold', layout: 'vertical', label: 'subscribe' },
        createSubscription: async (_data, actions) => {
          const subscriptionId = await actions.subscription.create({ plan_id: settings.planId, custom_id: settings.memberId })
          try {
            await deps.recordStarted({ subscriptionId })
          } catch (error) {
            refused = true
            deps.toast({ title: SUBSCRIPTION_ERROR, description: messageFromApiError(error), variant: 'destructive' })
            throw error
          }
          return subscriptionId
        },
        onApprove: ({ subscriptionID, payerID }) => approveSubscription({ subscriptionID, payerID }, deps),
        onCancel: () => void deps.toast({ title: SUBSCRIPTION_CANCELLED, description: SUBSCRIPTION_CANCELLED_DESCRIPTION }),
        onError: () => {
          if (refused) refused = false
          else deps.toast({ title: SUBSCRIPTION_ERROR, description: SUBSCRIPTION_ERROR_DESCRIPTION, variant: 'destructive' })
        },
      })
      .render(container)
  } catch {
    return { ok: false, message: SUBSCRIPTION_BUTTON_ERROR }
  }
  return { ok: true }
}

/**
 * PayPal approved (§4): a toast, the server records the subscription (after asking PayPal), then
 * /premium 1.5 s later. Paid but not recorded: the §8 warning, and PayPal's webhook completes it.
 */
export async function approveSubscription(data: { subscriptionID?: string | null; payerID?: string | null }, deps: ButtonDeps): Promise<void> {
  if (!data.subscriptionID) {
    deps.toast({ title: SUBSCRIPTION_ERROR, description: SUBSCRIPTION_ERROR_DESCRIPTION, variant: 'destructive' })
    return
  }
  deps.onActivating(true)
  deps.toast({ title: SUBSCRIPTION_APPROVED, description: SUBSCRIPTION_APPROVED_DESCRIPTION })
  try {
    await deps.activate({ subscriptionId: data.subscriptionID, payerId: data.payerID ?? '', status: 'active' })
  } catch {
    deps.onActivating(false)
    deps.toast({ title: WARNING, description: SUBSCRIPTION_ACCOUNT_UPDATE_FAILED, variant: 'destructive' })
    return
  }
  deps.setTimeout(deps.goToPremium, SUBSCRIPTION_REDIRECT_MS)
}
