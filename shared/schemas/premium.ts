// POST /api/user/premium-subscription (SPEC §7 Payment). The status is the browser's claim only:
// the server asks PayPal.
import { z } from '../zod'

/** PayPal subscription ids look like I-BW452GLLEP1G. */
export const paypalSubscriptionId = z.string().trim().regex(/^I-[A-Z0-9]{4,60}$/, { error: 'Invalid PayPal subscription id.' })

export const premiumSubscriptionSchema = z.object({
  subscriptionId: paypalSubscriptionId,
  payerId: z.string().trim().regex(/^[A-Za-z0-9]{1,64}$/, { error: 'Invalid PayPal payer id.' }),
  status: z.literal('active', { error: "status must be 'active'." }),
})

/** POST /api/user/premium-subscription/started: the subscription the PayPal button just created. */
export const startedSubscriptionSchema = z.object({ subscriptionId: paypalSubscriptionId })

export type PremiumSubscriptionInput = z.infer<typeof premiumSubscriptionSchema>

/** The member's Premium as pages and islands show it (cms/services/premium/status.ts). */
export type PremiumStatus = {
  active: boolean
  premiumUntil: string | null
  /** The next billing date while the subscription renews (Premium runs a short grace past it). */
  renewsOn: string | null
  renews: boolean
  source: 'paypal' | 'complimentary' | 'admin' | null
}
