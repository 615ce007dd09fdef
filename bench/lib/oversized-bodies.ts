import { readFileSync } from 'node:fs'

export type OversizedBodiesResult = {
  requests: number
  /** Bytes each client offered to send (a chunked body, no Content-Length). */
  bytesOfferedEach: number
  /** The most any one client got to send before the server answered and closed. */
  maxBytesSentMB: number
  statuses: Record<string, number>
  rssBeforeMB: number
  rssPeakMB: number
  rssAfterMB: number
  /** Peak resident memory of the server process minus what it held before. */
  growthMB: number
}

const MB = 1024 * 1024

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) / 1024 : Number.NaN
}

/**
 * `parallel` clients at once each stream a `bytesEach` chunked JSON body at the routes that used
 * to read bodies whole (the site's login and Payload's forgot-password), while the server's
 * resident memory is sampled every 20 ms.
 */
export async function oversizedBodies(appUrl: string, pid: number, { parallel = 8, bytesEach = 600 * MB } = {}): Promise<OversizedBodiesResult> {
  const paths = ['/api/auth/login', '/cms/api/users/forgot-password']
  const rssBeforeMB = rssMB(pid)
  let rssPeakMB = rssBeforeMB
  const sampler = setInterval(() => (rssPeakMB = Math.max(rssPeakMB, rssMB(pid))), 20)
  const statuses: Record<string, number> = {}
  let maxSent = 0
  try {
    await Promise.all(
      Array.from({ length: parallel }, async (_, i) => {
        let sent = 0
        const chunk = Buffer.alloc(256 * 1024, 0x20)
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent >= bytesEach) return controller.close()
            sent += chunk.length
            controller.enqueue(chunk)
          },
        })
        const status = await fetch(appUrl + paths[i % paths.length], {
          method: 'POST',
          body,
          duplex: 'half',
          headers: { origin: appUrl, 'content-type': 'application/json' },
        } as RequestInit).then(
          async (res) => {
            await res.arrayBuffer()
            return String(res.status)
          },
          (error: Error) => `error: ${error.message}`,
        )
        statuses[status] = (statuses[status] ?? 0) + 1
        maxSent = Math.max(maxSent, sent)
      }),
    )
    await new Promise((resolve) => setTimeout(resolve, 500))
  } finally {
    clearInterval(sampler)
  }
  const rssAfterMB = rssMB(pid)
  const round = (n: number) => Math.round(n * 10) / 10
  return {
    requests: parallel,
    bytesOfferedEach: bytesEach,
    maxBytesSentMB: round(maxSent / MB),
    statuses,
    rssBeforeMB: round(rssBeforeMB),
    rssPeakMB: round(rssPeakMB),
    rssAfterMB: round(rssAfterMB),
    growthMB: round(rssPeakMB - rssBeforeMB),
  }
}
