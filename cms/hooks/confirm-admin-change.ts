import { ValidationError, type CollectionBeforeChangeHook, type Field } from 'payload'

import { isAdminField } from '../access'

export const CONFIRM_ADMIN_FIELD = 'confirmAdminChange'
// No comma: Payload's admin splits the invalid fields' names on commas.
export const CONFIRM_ADMIN_LABEL = 'Confirm admin change'
export const CONFIRM_ADMIN_MESSAGE = "Tick 'Confirm admin change' to grant or remove admin rights."

/**
 * Shown beside 'Is Admin' in /cms. Its column always holds false: the hook reads the tick and
 * clears it in the same save. (A virtual field would be read-only in the admin's form.)
 */
export const confirmAdminChangeField: Field = {
  name: CONFIRM_ADMIN_FIELD,
  type: 'checkbox',
  defaultValue: false,
  access: { read: isAdminField, create: isAdminField, update: isAdminField },
  label: CONFIRM_ADMIN_LABEL,
  admin: { description: 'Admins can change everything on the site, including other admins. Tick this to confirm a change to Is Admin.' },
}

/**
 * Granting or removing admin rights through /cms or its REST API needs the confirmation ticked in
 * the same save, so one misclick, or a stray form field, never makes a full admin. Every change is
 * an audit line. The server's own calls (seed, services) are trusted and skip it.
 */
export const confirmAdminChange: CollectionBeforeChangeHook = ({ data, originalDoc, operation, req }) => {
  const confirmed = data[CONFIRM_ADMIN_FIELD] === true
  data[CONFIRM_ADMIN_FIELD] = false
  const before = operation === 'update' ? originalDoc?.isAdmin === true : false
  const after = 'isAdmin' in data ? data.isAdmin === true : before
  if (before === after || req.payloadAPI === 'local') return data
  if (!confirmed) {
    throw new ValidationError({ collection: 'users', errors: [{ path: CONFIRM_ADMIN_FIELD, label: CONFIRM_ADMIN_LABEL, message: CONFIRM_ADMIN_MESSAGE }], req })
  }
  req.payload.logger
    .child({ audit: true }, { level: 'info' })
    .info({ event: after ? 'admin_granted' : 'admin_removed', by: req.user?.id ?? null, user: originalDoc?.id ?? data.username ?? null }, 'admin rights changed')
  return data
}
