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

/** One bounded autocannon run (fixed connections and duration; every request times out at 10 s). */
export async function load(url: string, headers: Record<string, string>, { connections, durationSeconds }: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: durationSeconds, timeout: 10, headers })
  return {
    rps: round(result.requests.average),
    p50: round(result.latency.p50),
    p99: round(result.latency.p99),
    failures: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  }
}

/** Sequential single requests: the latency of one page with no queueing, in ms (median). */
export async function serialLatency(url: string, headers: Record<string, string>, count: number): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const res = await fetch(url, { headers })
    await res.arrayBuffer()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return round(times[Math.floor(times.length / 2)] ?? 0)
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits
