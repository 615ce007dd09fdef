import type { CollectionConfig } from 'payload'

import { isAdmin, nobody } from '../access'

const ledger = { readOnly: true }

/**
 * Every verified PayPal webhook event, once: the unique event id turns a replay (PayPal retries,
 * or someone resends a captured delivery) into a no-op. Written only by the premium service.
 */
export const PaypalWebhookEvents: CollectionConfig = {
  slug: 'paypal-webhook-events',
  labels: { singular: 'PayPal webhook event', plural: 'PayPal webhook events' },
  admin: {
    group: 'Premium',
    useAsTitle: 'eventId',
    defaultColumns: ['receivedAt', 'eventType', 'resourceId', 'outcome'],
    description: 'Notifications PayPal sent about subscriptions and payments, after their signature was verified. Read-only.',
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  fields: [
    { name: 'eventId', type: 'text', required: true, unique: true, admin: { ...ledger, description: "PayPal's event id (WH-…): each is handled once." } },
    { name: 'eventType', type: 'text', required: true, index: true, admin: { ...ledger, description: 'e.g. BILLING.SUBSCRIPTION.CANCELLED, PAYMENT.SALE.COMPLETED.' } },
    { name: 'resourceId', type: 'text', index: true, admin: { ...ledger, description: 'The subscription (I-…) or sale the event is about.' } },
    { name: 'user', type: 'relationship', relationTo: 'users', admin: { ...ledger, description: 'The member the subscription belongs to, when known.' } },
    { name: 'receivedAt', type: 'date', required: true, admin: { ...ledger, date: { pickerAppearance: 'dayAndTime' }, description: 'When the site received it.' } },
    {
      name: 'outcome',
      type: 'select',
      required: true,
      options: [
        { label: 'Applied', value: 'applied' },
        { label: 'Ignored', value: 'ignored' },
      ],
      admin: { ...ledger, description: "Applied: the member's Premium was brought in line with PayPal; ignored: not ours or nothing to do." },
    },
    { name: 'note', type: 'text', admin: { ...ledger, description: 'Why it was ignored, or what changed.' } },
  ],
  timestamps: true,
}
