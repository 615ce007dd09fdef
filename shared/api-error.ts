// Error text of failed API calls (SPEC §7, §8): "{status}: {body text or status text}".
import type { z } from 'zod'
import { INVALID_REQUEST, SOMETHING_WENT_WRONG } from './messages'

export function formatApiError(status: number, statusText: string, bodyText: string): string {
  return `${status}: ${bodyText || statusText}`
}

/** Thrown for any non-ok response; `message` is formatApiError's text. */
export class ApiError extends Error {
  readonly status: number
  constructor(status: number, statusText: string, bodyText: string) {
    super(formatApiError(status, statusText, bodyText))
    this.name = 'ApiError'
    this.status = status
  }
}

/** Browser and server: raise an ApiError when a fetch Response is not ok. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return
  const body = await res.text().catch(() => '')
  throw new ApiError(res.status, res.statusText, body)
}

const STATUS_PREFIX = /^\d{3}: ([\s\S]*)$/

/**
 * The text to show in a toast: the server's JSON `error` (or `message`, or Payload's
 * `errors[0].message`) when the error carries one, otherwise the error's own message.
 */
export function messageFromApiError(err: unknown): string {
  const message =
    err instanceof Error
      ? err.message
      : typeof err === 'string'
        ? err
        : typeof (err as { message?: unknown } | null)?.message === 'string'
          ? (err as { message: string }).message
          : ''
  if (!message) return SOMETHING_WENT_WRONG
  const body = STATUS_PREFIX.exec(message)?.[1]
  if (body) {
    try {
      const parsed: unknown = JSON.parse(body)
      if (parsed && typeof parsed === 'object') {
        const { error, message: msg, errors } = parsed as { error?: unknown; message?: unknown; errors?: unknown }
        if (typeof error === 'string' && error) return error
        if (typeof msg === 'string' && msg) return msg
        // Payload REST shape: { errors: [{ message }] }
        const first: unknown = Array.isArray(errors) ? errors[0] : undefined
        const firstMessage = (first as { message?: unknown } | undefined)?.message
        if (typeof firstMessage === 'string' && firstMessage) return firstMessage
      }
    } catch {
      // not JSON: fall through to the raw message
    }
  }
  return message
}

/** The status code of an ApiError or of a "{status}: …" message; null otherwise. */
export function statusFromApiError(err: unknown): number | null {
  if (err instanceof ApiError) return err.status
  const m = err instanceof Error ? /^(\d{3}): /.exec(err.message) : null
  return m ? Number(m[1]) : null
}

/** First issue of a failed zod parse, for an endpoint's `{ error }` body. */
export function zodErrorMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? INVALID_REQUEST
}

/** First message per field ('confirmPassword', 'address.city'), for showing beside form inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.')
    if (!(key in out)) out[key] = issue.message
  }
  return out
}
