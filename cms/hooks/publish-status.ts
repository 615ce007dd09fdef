import type { CollectionBeforeChangeHook, CollectionBeforeOperationHook } from 'payload'

import { requestUser, userIsAdmin } from '../access/roles'

type Status = 'draft' | 'published'
const isStatus = (value: unknown): value is Status => value === 'draft' || value === 'published'

/**
 * `status` stays the one public truth (spec §3: every API shape, `publishedOrAdmin`, the site's
 * queries), while Payload's drafts keep theirs in `_status`: the two are mirrored on every write.
 * On the raw input, before defaults fill `_status` in: Payload's own buttons and the schedule job
 * send `_status` (it wins over the stale hidden `status` the /cms form sends back); the site API,
 * seeds and scripts send `status`, which sets `_status` (publish or unpublish the main row).
 *
 * Reads: only admins may ask for drafts (`draft=true` reads the latest version, unpublished text
 * included); anyone else's `draft` flag is dropped, so they read the published rows.
 */
export const mirrorStatusOnInput: CollectionBeforeOperationHook = async ({ args, operation, req, overrideAccess }) => {
  if (operation === 'create' || operation === 'update') {
    const data = args.data as Record<string, unknown> | undefined
    if (data && typeof data === 'object') {
      if (isStatus(data._status)) data.status = data._status
      else if (isStatus(data.status)) data._status = data.status
      else if (operation === 'update' && !args.draft && 'id' in args && (typeof args.id === 'number' || typeof args.id === 'string')) {
        // A save that names no status keeps the post's: Payload would otherwise take the latest
        // version's, and an autosaved draft over a published post would unpublish it.
        const id = args.id
        // An internal read for an update whose access Payload checks next, hence overrideAccess.
        const row = await req.payload.findByID({ collection: args.collection.config.slug, id, depth: 0, draft: false, select: { status: true }, disableErrors: true, overrideAccess: true, req })
        const kept = (row as { status?: unknown } | null)?.status
        if (isStatus(kept)) data._status = data.status = kept
      }
    }
  }
  if (operation === 'read' && args.draft && !overrideAccess && !userIsAdmin(requestUser(req))) args.draft = false
  return args
}

/**
 * After Payload settled `_status` (a draft save or autosave forces it to 'draft' and writes only a
 * version, so the main row keeps the published text readers see), `status` follows it.
 */
export const mirrorStatusOnChange: CollectionBeforeChangeHook = ({ data }) => {
  if (isStatus(data._status)) data.status = data._status
  return data
}
