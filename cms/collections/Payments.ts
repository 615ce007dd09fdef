import type { CollectionConfig } from 'payload'

import { isAdmin, nobody } from '../access'

const ledger = { readOnly: true }

/**
 * The money PayPal took for Premium: one row per payment, written only by the premium service
 * (cms/services/premium) inside the transaction that grants or extends Premium. Admins read it in
 * /cms; nobody writes it there or over REST.
 */
export const Payments: CollectionConfig = {
  slug: 'payments',
  labels: { singular: 'Payment', plural: 'Payments' },
  admin: {
    group: 'Premium',
    useAsTitle: 'reference',
    defaultColumns: ['paidAt', 'user', 'amountCents', 'currency', 'kind', 'paypalSubscriptionId'],
    description: 'Premium payments received through PayPal. Kept by the site: read-only.',
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  fields: [
    {
      name: 'reference',
      type: 'text',
      required: true,
      unique: true,
      admin: { ...ledger, description: 'What makes the row unique: activation:{subscription} for the first payment, sale:{sale id} for each later one.' },
    },
    { name: 'user', type: 'relationship', relationTo: 'users', index: true, admin: { ...ledger, description: 'The member who paid (empty once their account was deleted: the payment stays on record).' } },
    {
      name: 'kind',
      type: 'select',
      required: true,
      options: [
        { label: 'Activation (first payment)', value: 'activation' },
        { label: 'Renewal', value: 'renewal' },
      ],
      admin: { ...ledger, description: 'Activation: recorded when the subscription was confirmed; renewal: a later monthly payment.' },
    },
    { name: 'amountCents', type: 'number', required: true, min: 0, admin: { ...ledger, description: 'The amount in cents (499 is $4.99).' } },
    { name: 'currency', type: 'text', required: true, maxLength: 3, admin: { ...ledger, description: 'ISO currency code, e.g. USD.' } },
    { name: 'paidAt', type: 'date', admin: { ...ledger, date: { pickerAppearance: 'dayAndTime' }, description: 'When PayPal took the payment.' } },
    { name: 'paypalSubscriptionId', type: 'text', required: true, index: true, admin: { ...ledger, description: 'The PayPal subscription (I-…) the payment belongs to.' } },
    { name: 'paypalPayerId', type: 'text', admin: { ...ledger, description: "The payer's PayPal account id." } },
    { name: 'paypalSaleId', type: 'text', unique: true, admin: { ...ledger, description: "PayPal's transaction (sale) id, once a PAYMENT.SALE.COMPLETED webhook named it." } },
    { name: 'paypalEventId', type: 'text', admin: { ...ledger, description: 'The webhook event (WH-…) that recorded it; empty for an activation by the member.' } },
  ],
  timestamps: true,
}
