import autocannon, { type Request, type Result } from 'autocannon'

import { round } from './load'

/**
 * A bounded autocannon run that keeps every response's latency, so any percentile can be read
 * (autocannon's own summary stops at p90, p97.5 and p99; the targets are p95).
 * `responseTime` of autocannon's 'response' event is the same figure its histogram records: ms
 * from writing the request to the end of the response, on the client's clock.
 */
export type TimedLoadOptions = {
  url: string
  connections: number
  /** Seconds, or… */
  durationSeconds?: number
  /** …a number of responses (each request distinct, e.g. awards that must not repeat). */
  amount?: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  /** Builds request n (0, 1, 2… across all connections) when requests must differ. */
  request?: (n: number) => { headers?: Record<string, string>; body?: string }
}

export type TimedLoadResult = {
  requests: number
  seconds: number
  /** Responses per second over the run's wall time. */
  rps: number
  p50: number
  p95: number
  p99: number
  max: number
  /** Non-2xx responses, socket errors and timeouts: should be 0. */
  failures: number
  statuses: Record<string, number>
}

export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : 0

export async function timedLoad(options: TimedLoadOptions): Promise<TimedLoadResult> {
  const latencies: number[] = []
  const statuses: Record<string, number> = {}
  let n = 0
  const build = options.request
  const started = performance.now()
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.durationSeconds ?? 8 }),
        timeout: 10,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(build
          ? {
              requests: [
                {
                  setupRequest: (request: Request) => {
                    const built = build(n++)
                    return { ...request, headers: { ...request.headers, ...built.headers }, body: built.body ?? request.body }
                  },
                },
              ],
            }
          : {}),
      },
      (error, summary) => (error ? reject(error) : resolve(summary)),
    )
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime)
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1
    })
  })
  const seconds = (performance.now() - started) / 1000
  const sorted = latencies.sort((a, b) => a - b)
  return {
    requests: sorted.length,
    seconds: round(seconds, 2),
    rps: round(sorted.length / seconds),
    p50: round(percentile(sorted, 50), 2),
    p95: round(percentile(sorted, 95), 2),
    p99: round(percentile(sorted, 99), 2),
    max: round(sorted.at(-1) ?? 0, 2),
    failures: result.non2xx + result.errors + result.timeouts,
    statuses,
  }
}
