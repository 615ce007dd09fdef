import autocannon from 'autocannon'

export type LoadOptions = { connections: number; durationSeconds: number }

export type LoadResult = {
  /** Mean requests per second over the run. */
  rps: number
  p50: number
  p99: number
  /** Responses that were not 2xx, plus socket errors and timeouts: should be 0. */
  failures: number
  requests: number
}

/** Fixed headers, or a function giving each request its own (e.g. the next of several members' cookies). */
export type RequestHeaders = Record<string, string> | (() => Record<string, string>)

export const headersOf = (headers: RequestHeaders) => (typeof headers === 'function' ? headers() : headers)

/** Headers that take turns between several members' sessions, one per request. */
export function rotatingCookies(base: Record<string, string>, cookies: readonly string[]): () => Record<string, string> {
  let next = 0
  return () => ({ ...base, cookie: cookies[next++ % cookies.length]! })
}

/** One bounded autocannon run (fixed connections and duration; every request times out at 10 s). */
export async function load(url: string, headers: RequestHeaders, { connections, durationSeconds }: LoadOptions): Promise<LoadResult> {
  const perRequest =
    typeof headers === 'function' ? { requests: [{ setupRequest: (request: { headers?: Record<string, string> }) => ({ ...request, headers: { ...request.headers, ...headers() } }) }] } : { headers }
  const result = await autocannon({ url, connections, duration: durationSeconds, timeout: 10, ...perRequest })
  return {
    rps: round(result.requests.average),
    p50: round(result.latency.p50),
    p99: round(result.latency.p99),
    failures: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  }
}

/** Sequential single requests: the latency of one page with no queueing, in ms (median). */
export async function serialLatency(url: string, headers: RequestHeaders, count: number): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const res = await fetch(url, { headers: headersOf(headers) })
    await res.arrayBuffer()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return round(times[Math.floor(times.length / 2)] ?? 0)
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits
