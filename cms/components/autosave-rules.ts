// Pure rules of the post editor's autosave guard (AutosaveGuard.tsx): which requests are
// autosaves, which fields a late answer must not overwrite, and what to tell the creator when a
// save did not go through. No React, no DOM: unit-tested beside this file.

/** An autosave of this document: Payload's `PATCH {api}/{collection}/{id}?autosave=true…`. */
export function isAutosaveRequest(method: string, url: string, apiRoute: string, collection: string, id: string | number | undefined): boolean {
  return savesDocument(method, url, apiRoute, collection, id) && new URL(url, 'http://localhost').searchParams.get('autosave') === 'true'
}

/** Whether a request saves this document: an autosave, Save Draft, Publish (a PATCH to its address). */
export function savesDocument(method: string, url: string, apiRoute: string, collection: string, id: string | number | undefined): boolean {
  if (method.toUpperCase() !== 'PATCH' || id === undefined || id === null) return false
  let parsed: URL
  try {
    parsed = new URL(url, 'http://localhost')
  } catch {
    return false
  }
  return parsed.pathname === `${apiRoute}/${collection}/${id}`
}

/** The `updatedAt` of the document a save answered with (`{ doc }`), or null. */
export function savedAt(body: unknown): string | null {
  const at = (body as { doc?: { updatedAt?: unknown } } | null)?.doc?.updatedAt
  return typeof at === 'string' ? at : null
}

/** The document as a request sends it: Payload's form puts it, as JSON, in the `_payload` part. */
export function sentDocument(body: unknown): Record<string, unknown> | null {
  let text: unknown = null
  if (typeof FormData !== 'undefined' && body instanceof FormData) text = body.get('_payload')
  else if (typeof body === 'string') text = body
  if (typeof text !== 'string') return null
  try {
    const parsed: unknown = JSON.parse(text)
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null
  } catch {
    return null
  }
}

function valueAt(doc: Record<string, unknown>, path: string): unknown {
  let at: unknown = doc
  for (const segment of path.split('.')) {
    if (!at || typeof at !== 'object') return undefined
    at = (at as Record<string, unknown>)[segment]
  }
  return at
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** Kept by Payload, never typed: `_status` is what the save sets (a draft), the rest the server's. */
const NOT_TYPED = new Set(['id', 'createdAt', 'updatedAt'])

export type GuardedField = { value?: unknown; isModified?: boolean; rows?: unknown; disableFormData?: boolean }

/**
 * The fields typed in since the document was last sent, that Payload no longer counts as
 * modified. Payload keeps only the field typed in last out of an autosave answer's reach (typing
 * in another field clears the mark), so an answer that arrives late puts the value it carries
 * (older) back into a field typed in meanwhile. These are the fields to mark again.
 */
export function fieldsTypedSinceSent(fields: Record<string, GuardedField>, sent: Record<string, unknown> | null): string[] {
  if (!sent) return []
  const typed: string[] = []
  for (const [path, field] of Object.entries(fields)) {
    // Arrays and blocks hold a row count as their value; their rows are fields of their own.
    if (!field || field.isModified || field.rows !== undefined || field.disableFormData) continue
    if (!('value' in field) || NOT_TYPED.has(path) || path.startsWith('_')) continue
    if (!same(field.value, valueAt(sent, path))) typed.push(path)
  }
  return typed
}

type PayloadErrorBody = {
  message?: unknown
  error?: unknown
  errors?: Array<{ message?: unknown; data?: { errors?: Array<{ label?: unknown; path?: unknown; message?: unknown }> } }>
}

/** A field as the creator knows it: its label (the innermost, for a field inside a block), else its name. */
const fieldName = (label: unknown, path: unknown) => {
  if (typeof label === 'string' && label.trim()) return label.split('>').pop()!.trim()
  const name = typeof path === 'string' ? (path.split('.').pop() ?? '') : ''
  return name ? name.charAt(0).toUpperCase() + name.slice(1).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() : ''
}

/** Payload's summaries of a container whose inner field failed: the inner field's own message says it better. */
const SUMMARY = /failed to validate|following fields? (is|are) invalid/i

/** What to tell the creator, in their words, when an autosave was refused or never arrived. */
export function autosaveProblem(status: number | null, body: unknown): string {
  const kept = 'What you typed is still on this page.'
  if (status === null || status >= 500) return `Not saved: the server could not be reached. ${kept} Trying again…`
  if (status === 401) return `Not saved: you are signed out. Sign in again in another tab, then keep writing here. ${kept}`
  if (status === 403) return `Not saved: your account may no longer edit posts. ${kept}`
  if (status === 409) return `Not saved: this post was changed elsewhere. ${kept} Reload to see the latest version.`
  if (status === 413) return `Not saved: the post is too large to save. ${kept}`
  if (status === 429) return `Not saved yet: too many saves in a short time. ${kept} Trying again…`
  const fields = ((body as PayloadErrorBody | null)?.errors ?? []).flatMap((e) => e?.data?.errors ?? [])
  const specific = fields.filter((f) => !(typeof f.message === 'string' && SUMMARY.test(f.message)))
  const named = (specific.length ? specific : fields)
    .map((f) => [fieldName(f.label, f.path), typeof f.message === 'string' && !SUMMARY.test(f.message) ? f.message : ''] as const)
    .filter(([name]) => name)
    .map(([name, message]) => (message ? `${name}: ${message.replace(/\.$/, '')}` : name))
  if (named.length) return `Not saved yet: ${[...new Set(named)].join('; ')}. ${kept}`
  return `Not saved: the server refused this save. ${kept} Trying again…`
}

/** Answers that may go through if sent again unchanged; the others wait for the creator. */
export const worthRetrying = (status: number | null) => status === null || status >= 500 || status === 429
