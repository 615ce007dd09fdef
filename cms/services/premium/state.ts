import type { User } from '../../payload-types'
import type { PaypalSubscription } from '../paypal'

/** Premium lasts this long past PayPal's next billing time: PayPal may take a day or two to charge. */
export const PREMIUM_GRACE_MS = 3 * 24 * 60 * 60 * 1000

export type PremiumPatch = Partial<
  Pick<User, 'isPremium' | 'premiumExpiresAt' | 'premiumSource' | 'premiumRenews' | 'paypalSubscriptionId' | 'paypalSubscriptionStatus' | 'paypalCustomerId'>
>

/**
 * The end of the period the member has paid for: the renewal date while the subscription renews
 * (Premium runs PREMIUM_GRACE_MS past it while PayPal charges), and the day Premium ends once it
 * is cancelled (no charge is coming, so no grace). /premium's renewal date, the cancel dialog's
 * end date and the end after cancelling are all this one value.
 */
export const paidPeriodEnd = (premiumExpiresAt: string): string => new Date(Date.parse(premiumExpiresAt) - PREMIUM_GRACE_MS).toISOString()

const later = (a: string | null | undefined, b: string): string => (a && new Date(a) > new Date(b) ? new Date(a).toISOString() : b)

/**
 * What the member's Premium must be given the subscription's current state at PayPal (never the
 * order events came in): ACTIVE grants it up to the next billing time plus grace; CANCELLED and
 * SUSPENDED stop renewal but keep the period already paid (a cancelled one without the grace);
 * EXPIRED ends it.
 */
export function premiumFromSubscription(user: User, subscription: PaypalSubscription): PremiumPatch {
  const patch: PremiumPatch = {
    paypalSubscriptionId: subscription.id,
    paypalSubscriptionStatus: subscription.status,
    paypalCustomerId: subscription.subscriber?.payer_id ?? user.paypalCustomerId ?? null,
  }
  switch (subscription.status) {
    case 'ACTIVE': {
      const next = subscription.billing_info?.next_billing_time
      const until = next ? new Date(new Date(next).getTime() + PREMIUM_GRACE_MS).toISOString() : null
      const current = user.isPremium ? user.premiumExpiresAt : null
      return {
        ...patch,
        isPremium: true,
        premiumSource: 'paypal',
        premiumRenews: true,
        premiumExpiresAt: until ? later(current, until) : (current ?? null),
      }
    }
    case 'CANCELLED': {
      // Cancelled while it renewed: the grace was for a charge that will no longer come, so
      // Premium ends with the paid period (the renewal date the member was shown).
      const renewed = user.premiumRenews && user.premiumSource === 'paypal' && user.paypalSubscriptionId === subscription.id && user.premiumExpiresAt
      return { ...patch, premiumRenews: false, ...(renewed ? { premiumExpiresAt: paidPeriodEnd(user.premiumExpiresAt!) } : {}) }
    }
    case 'SUSPENDED':
      // PayPal may still collect and re-activate it: the grace stays.
      return { ...patch, premiumRenews: false }
    case 'EXPIRED':
      return { ...patch, premiumRenews: false, ...(user.premiumSource === 'complimentary' ? {} : { isPremium: false }) }
    default:
      return patch
  }
}

const same = (a: unknown, b: unknown) => {
  if (typeof a === 'string' && typeof b === 'string' && !Number.isNaN(Date.parse(a)) && /T/.test(a)) return Date.parse(a) === Date.parse(b)
  return (a ?? null) === (b ?? null)
}

/** Only the fields that differ: applying the same state twice writes nothing. */
export function changedFields(user: User, patch: PremiumPatch): PremiumPatch {
  return Object.fromEntries(Object.entries(patch).filter(([key, value]) => !same(user[key as keyof User], value))) as PremiumPatch
}
