// Test-only helper: the messages of a failed parse, keyed by field path ('' for the root).
import type { z } from 'zod'

export function errorsOf(result: z.ZodSafeParseResult<unknown>): Record<string, string[]> {
  if (result.success) return {}
  const out: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.')
    ;(out[key] ??= []).push(issue.message)
  }
  return out
}
