/** The field errors of a 400 from a zod-parsed endpoint ("400: {"error", "issues": [{ path, message }]}"). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const body = error instanceof Error ? /^400: ([\s\S]*)$/.exec(error.message)?.[1] : undefined
  if (!body) return {}
  try {
    const parsed = JSON.parse(body) as { issues?: { path?: unknown; message?: unknown }[] }
    const out: Record<string, string> = {}
    for (const issue of parsed.issues ?? []) {
      if (typeof issue.path === 'string' && typeof issue.message === 'string' && !(issue.path in out)) out[issue.path] = issue.message
    }
    return out
  } catch {
    return {}
  }
}
