/**
 * Comment text is plain text: stored as typed (minus control characters) and always rendered
 * escaped, so markup in a comment shows as the characters the author typed and never runs.
 */
// C0 controls except tab and newline, DEL, and the C1 range; bidi overrides that can disguise text.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g

export function normalizeCommentText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(UNSAFE, '').replace(/\n{3,}/g, '\n\n').trim()
}

/** One line, for names. */
export function normalizeName(text: string): string {
  return normalizeCommentText(text).replace(/\s+/g, ' ')
}
