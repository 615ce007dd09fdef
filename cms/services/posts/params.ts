import type { z } from 'zod'

import { badRequest } from '../errors'

/** Parses a query string or path value with a shared schema; the first issue becomes a 400. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
    throw badRequest(issues[0]?.message ?? 'Invalid request.', { issues })
  }
  return result.data
}
