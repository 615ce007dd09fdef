import { AsyncLocalStorage } from 'node:async_hooks'
import { format } from 'node:util'

import pino, { type DestinationStream, type Logger } from 'pino'

import { REDACT_PATHS, scrubError, scrubText, scrubValue } from './log-redaction'

/**
 * The server's structured logger (pino), which Payload uses too (payload.config.ts `logger`).
 * Every line passes one hook that
 * - scrubs it: no password hash, salt, token, session id, cookie, email or date of birth, and
 *   no SQL values (server/log-redaction.ts), whoever logs it (Payload's error handler included);
 * - keeps a refused request (an error with a 4xx status: a bad query, a validation error, a
 *   forbidden read) to one line with its status, message and path, at `warn`; stacks are for
 *   real failures (5xx);
 * - logs the same error (message and stack) at most once per LOG_REPEAT_WINDOW_SECONDS (10 s),
 *   the next line after the window saying how many were held back (`repeated`).
 */

type RequestContext = { method: string; path: string }

export type LoggerOptions = {
  level?: string
  destination?: DestinationStream
  /** 0 turns the repeat limit off. */
  repeatWindowMs?: number
  now?: () => number
}

const REFUSED_LEVEL = 'warn'
const MAX_FINGERPRINTS = 1000

/** The same error, logged at most once per window; `take` says whether to log it and how many were held back. */
export function createRepeatLimiter({ windowMs, now = Date.now }: { windowMs: number; now?: () => number }) {
  const seen = new Map<string, { loggedAt: number; held: number }>()
  return {
    take(fingerprint: string): { log: boolean; repeated: number } {
      if (windowMs <= 0) return { log: true, repeated: 0 }
      const t = now()
      const entry = seen.get(fingerprint)
      if (entry && t - entry.loggedAt < windowMs) {
        entry.held++
        return { log: false, repeated: 0 }
      }
      const repeated = entry?.held ?? 0
      seen.delete(fingerprint) // re-inserted last: the map's order is oldest-logged first
      seen.set(fingerprint, { loggedAt: t, held: 0 })
      if (seen.size > MAX_FINGERPRINTS) seen.delete(seen.keys().next().value!)
      return { log: true, repeated }
    },
  }
}

const errorStatus = (error: Error): number | undefined => {
  const { status, statusCode } = error as Error & { status?: unknown; statusCode?: unknown }
  const value = typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : undefined
  return value && value >= 100 && value < 600 ? value : undefined
}

/**
 * Where an error was made: the top frames of its stack, without the message (compared on its
 * own). A few frames only, so the same failure reached from many pages counts as one.
 */
const stackFrames = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at\s/.test(line))
        .slice(0, 3)
        .join('\n')
    : ''

const firstLine = (text: string) => {
  const line = text.split('\n', 1)[0]!
  return line.length > 300 ? `${line.slice(0, 300)}…` : line
}

const levelNumber = (name: string) => pino.levels.values[name] ?? 40

/** Splits a log call's arguments into pino's (object, message, format arguments). */
function splitArgs(args: unknown[]): { obj: Record<string, unknown> | null; msg: unknown; rest: unknown[] } {
  const [first, ...rest] = args
  if (first instanceof Error) return { obj: { err: first }, msg: rest.length ? rest.shift() : undefined, rest }
  if (first !== null && typeof first === 'object') return { obj: first as Record<string, unknown>, msg: rest.length ? rest.shift() : undefined, rest }
  return { obj: null, msg: first, rest }
}

const defaultLevel = () => process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info')

export function createLogger({
  level = defaultLevel(),
  destination,
  repeatWindowMs = (Number.isFinite(Number(process.env.LOG_REPEAT_WINDOW_SECONDS ?? 10)) ? Number(process.env.LOG_REPEAT_WINDOW_SECONDS ?? 10) : 10) * 1000,
  now,
}: LoggerOptions = {}): Logger {
  const repeats = createRepeatLimiter({ windowMs: repeatWindowMs, now })
  let rerouting = false

  const options: pino.LoggerOptions = {
    level,
    base: { service: 'web' },
    // A second net under the hook below, for the usual places of these fields.
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // The hook hands over errors already scrubbed into plain objects; pino's own serializer
    // would rename their type and glue the causes' messages on again.
    serializers: { err: (value: unknown) => (value instanceof Error ? scrubError(value) : value) },
    hooks: {
      logMethod(args, method, callLevel) {
        if (rerouting) return method.apply(this, args)
        const { obj, msg, rest } = splitArgs(args as unknown[])
        const text = typeof msg === 'string' ? scrubText(format(msg, ...rest.map((r) => scrubValue(r)))) : msg === undefined ? undefined : scrubText(String(msg))
        const rawError = obj && (obj.err instanceof Error ? obj.err : obj.error instanceof Error ? obj.error : null)
        if (!obj || !rawError) {
          const clean = obj ? (scrubValue(obj) as Record<string, unknown>) : null
          return clean ? method.call(this, clean, text as string) : method.call(this, text as string)
        }

        const status = errorStatus(rawError)
        const refused = status !== undefined && status < 500
        const { err: _err, error: _error, ...fields } = obj
        const line = scrubValue(fields) as Record<string, unknown>
        const err = scrubError(rawError, { stack: !refused })
        if (refused) {
          line.status = status
          line.err = { type: err.type, message: err.message, ...(err.code ? { code: err.code } : {}) }
        } else {
          line.err = err
        }
        const context = requestContext.getStore()
        if (context && line.path === undefined) {
          line.method = context.method
          line.path = scrubText(context.path)
        }
        // The message's first line is enough for `msg`: the whole of it (a failed query's SQL) is in `err`.
        const message = (text as string | undefined) ?? (typeof line.msg === 'string' ? undefined : firstLine(err.message))

        const fingerprint = `${callLevel}|${err.type}|${status ?? ''}|${err.message}|${stackFrames(rawError.stack)}`
        const { log, repeated } = repeats.take(fingerprint)
        if (!log) return
        if (repeated > 0) line.repeated = repeated

        // A refused request is the client's mistake, not ours: a warning, not an error.
        if (refused && callLevel > levelNumber(REFUSED_LEVEL)) {
          rerouting = true
          try {
            this[REFUSED_LEVEL](line, message)
          } finally {
            rerouting = false
          }
          return
        }
        return method.call(this, line, message as string)
      },
    },
  }
  return destination ? pino(options, destination) : pino(options)
}

const requestContext: AsyncLocalStorage<RequestContext> = ((globalThis as Record<symbol, unknown>)[Symbol.for('voices.log-request-context')] ??=
  new AsyncLocalStorage<RequestContext>()) as AsyncLocalStorage<RequestContext>

/** Runs a request's handling with its method and path known to every log line it causes (Payload's included). */
export const withRequestContext = <T>(context: RequestContext, run: () => T): T => requestContext.run(context, run)

/**
 * Standard output, written without blocking the request that logs: lines wait in memory while a
 * write is under way and go out together with the next one (under load, one write carries many
 * lines; when quiet, each line goes at once). pino writes what is still waiting when the process
 * exits, a crash's `process.exit` included.
 */
const stdoutDestination = (): DestinationStream => pino.destination({ dest: 1, sync: false })

/** The access log's fields: its own logger, without the scrubbing hook (the path is scrubbed here). */
export type RequestLine = { method: string; path: string; status: number; ms: number; ip: string | undefined }

/**
 * The access log: a line per request as it finishes (5xx error, 4xx warn, others info). Its fields
 * are known and few, so it skips the general logger's scrubbing of arbitrary objects and its
 * redaction paths: of them only the path can carry a secret (a reset token), and it is scrubbed
 * here. Nothing is built for a line the level leaves out.
 */
export function createAccessLog({ level = defaultLevel(), destination }: { level?: string; destination?: DestinationStream } = {}) {
  const access = destination ? pino({ level, base: { service: 'web' } }, destination) : pino({ level, base: { service: 'web' } })
  return (line: RequestLine) => {
    const at = line.status >= 500 ? 'error' : line.status >= 400 ? 'warn' : 'info'
    if (!access.isLevelEnabled(at)) return
    access[at]({ method: line.method, path: scrubText(line.path), status: line.status, ms: line.ms, ip: line.ip }, 'request')
  }
}

// One logger per process, though the site's and the admin's bundles each carry a copy of this module.
type SharedLoggers = { logger: Logger; logRequest: (line: RequestLine) => void }
const SHARED = Symbol.for('voices.loggers')
const shared = ((globalThis as Record<symbol, unknown>)[SHARED] ??= ((): SharedLoggers => {
  const destination = stdoutDestination()
  return { logger: createLogger({ destination }), logRequest: createAccessLog({ destination }) }
})()) as SharedLoggers
export const logger: Logger = shared.logger
export const logRequest = shared.logRequest

/**
 * Astro and Next.js report a failed render with console.error and the error's stack: the same
 * scrubbing and repeat limit for those lines (one logger line each).
 */
export function routeConsoleThroughLogger(target: Logger = logger) {
  const marker = Symbol.for('voices.console-routed')
  const flagged = console as unknown as Record<symbol, boolean>
  if (flagged[marker]) return
  flagged[marker] = true
  const send = (level: 'error' | 'warn' | 'info') => (...args: unknown[]) => {
    const error = args.find((a): a is Error => a instanceof Error)
    const others = args.filter((a) => a !== error).map((a) => (typeof a === 'string' ? a : format('%o', a)))
    const text = others.join(' ').trim()
    if (error) target[level]({ err: error, source: 'console' }, text || undefined)
    else if (level === 'error' && /\n\s+at\s/.test(text)) {
      // A stack printed as text: treated as an error so it is scrubbed and its repeats held back.
      // Astro's own time prefix would make every repeat look new.
      const [first = 'error', ...frames] = text.replace(/^\d{2}:\d{2}:\d{2}\s+/, '').split('\n')
      const synthetic = new Error(first)
      synthetic.stack = [first, ...frames].join('\n')
      target.error({ err: synthetic, source: 'console' })
    } else target[level]({ source: 'console' }, text)
  }
  console.error = send('error')
  console.warn = send('warn')
}
