/**
 * A registration burst against a running server while a signed-in member keeps reading a page:
 * do the member's pages keep answering while many accounts are opened at once?
 *
 * The server must allow the burst from one address: start it with RATE_LIMIT_REGISTER well above
 * `registrations` (bench/run.ts starts its server with RATE_LIMIT_REGISTER=100000). TRUST_PROXY is
 * unset there, so X-Forwarded-For addresses would not spread the burst over several clients.
 */
export type RegistrationBurstResult = {
  registrations: number
  registrationFailures: number
  pageRequests: number
  /** Page requests that did not answer 200. */
  pageFailures: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  /** Wall time from the first registration sent to the last answered. */
  burstMs: number
}

export type RegistrationBurstOptions = {
  /** Registrations sent at once. */
  registrations?: number
  /** The signed-in page read during the burst. */
  pagePath?: string
  /** One page request is started every this many ms (open loop: a slow answer does not delay the next). */
  pageIntervalMs?: number
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0)

/**
 * Fires `registrations` concurrent POST /api/auth/register and, from just before the first until
 * the last has answered, requests `pagePath` with `memberCookie` at a steady pace, timing each.
 */
export async function registrationBurst(
  baseUrl: string,
  memberCookie: string,
  { registrations = 60, pagePath = '/', pageIntervalMs = 50 }: RegistrationBurstOptions = {},
): Promise<RegistrationBurstResult> {
  const latencies: number[] = []
  const pages: Promise<void>[] = []
  let pageFailures = 0
  const readPage = async () => {
    const started = performance.now()
    try {
      const res = await fetch(baseUrl + pagePath, { headers: { cookie: memberCookie }, redirect: 'manual' })
      await res.arrayBuffer()
      if (res.status !== 200) pageFailures++
    } catch {
      pageFailures++
    }
    latencies.push(performance.now() - started)
  }
  let burstOver = false
  const pacer = (async () => {
    while (!burstOver) {
      pages.push(readPage())
      await new Promise((resolve) => setTimeout(resolve, pageIntervalMs))
    }
  })()
  // A moment of pages before the burst, so its first requests are measured too.
  await new Promise((resolve) => setTimeout(resolve, pageIntervalMs * 2))

  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const dateOfBirth = `${new Date().getUTCFullYear() - 30}-01-15`
  const started = performance.now()
  const statuses = await Promise.all(
    Array.from({ length: registrations }, (_, i) => {
      const username = `burst_${tag}_${i}`
      const password = 'burst-password-9'
      return fetch(`${baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ username, dateOfBirth, password, confirmPassword: password }),
      }).then(
        async (res) => {
          await res.arrayBuffer()
          return res.status
        },
        () => 0,
      )
    }),
  )
  const burstMs = performance.now() - started
  burstOver = true
  await pacer
  await Promise.all(pages)
  const sorted = [...latencies].sort((a, b) => a - b)
  const round = (ms: number) => Math.round(ms * 10) / 10
  return {
    registrations: statuses.filter((status) => status === 201).length,
    registrationFailures: statuses.filter((status) => status !== 201).length,
    pageRequests: sorted.length,
    pageFailures,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
    burstMs: Math.round(burstMs),
  }
}
