// The live viewers case of `npm run bench:live`: simulated premium viewers of one stream, each
// doing what an HLS player does at the live edge (reload the playlist every target duration,
// fetch each new segment), while the site's pages are measured for throughput.
import http from 'node:http'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'

import { percentile } from './timed-load'
import { round } from './load'

export type ViewerRun = {
  viewers: number
  seconds: number
  playlistRequests: number
  segmentRequests: number
  /** ms, from the request to the last byte. */
  playlistP50: number
  playlistP99: number
  segmentP50: number
  segmentP99: number
  segmentMax: number
  /** Non-2xx answers and socket errors: should be 0. */
  failures: number
  /** MB/s of segments delivered. */
  segmentMBps: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const TARGET = /#EXT-X-TARGETDURATION:(\d+(?:\.\d+)?)/

/** Runs `cookies.length` viewers of `playlistUrl` for `seconds`; each viewer is one member's session. */
export async function simulateViewers(playlistUrl: string, cookies: readonly string[], seconds: number): Promise<ViewerRun> {
  const playlistTimes: number[] = []
  const segmentTimes: number[] = []
  let failures = 0
  let segmentBytes = 0
  const started = performance.now()
  const stopAt = started + seconds * 1000

  // node:http with kept-alive sockets, bodies counted and dropped: the client's own cost stays
  // small next to the server's.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
  const timed = (url: string, cookie: string, into: number[], keepBody: boolean): Promise<string | null> =>
    new Promise((resolve) => {
      const t = performance.now()
      const req = http.get(url, { agent, headers: { cookie, 'sec-fetch-site': 'same-origin' } }, (res) => {
        const chunks: Buffer[] = []
        let bytes = 0
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length
          if (keepBody) chunks.push(chunk)
        })
        res.on('end', () => {
          into.push(performance.now() - t)
          const ok = res.statusCode === 200
          if (!ok) failures++
          if (!keepBody) segmentBytes += bytes
          resolve(ok && keepBody ? Buffer.concat(chunks).toString('utf8') : ok ? '' : null)
        })
        res.on('error', () => {
          failures++
          resolve(null)
        })
      })
      req.on('error', () => {
        failures++
        resolve(null)
      })
    })

  const viewer = async (cookie: string, delayMs: number) => {
    await sleep(delayMs)
    const seen = new Set<string>()
    while (performance.now() < stopAt) {
      const cycle = performance.now()
      const text = await timed(playlistUrl, cookie, playlistTimes, true)
      let targetMs = 1000
      if (text) {
        targetMs = Number(TARGET.exec(text)?.[1] ?? 1) * 1000
        const segments = text.split('\n').filter((line) => line && !line.startsWith('#'))
        // A player joins a few segments behind the edge, then follows each new one.
        const fresh = seen.size === 0 ? segments.slice(-3) : segments.filter((s) => !seen.has(s))
        for (const segment of fresh) {
          seen.add(segment)
          await timed(new URL(segment, playlistUrl).toString(), cookie, segmentTimes, false)
        }
      }
      await sleep(Math.max(50, targetMs - (performance.now() - cycle)))
    }
  }

  // Players arrive over the first second, not in one instant.
  await Promise.all(cookies.map((cookie, i) => viewer(cookie, (i / cookies.length) * 1000)))
  agent.destroy()
  const wall = (performance.now() - started) / 1000
  playlistTimes.sort((a, b) => a - b)
  segmentTimes.sort((a, b) => a - b)
  return {
    viewers: cookies.length,
    seconds: round(wall),
    playlistRequests: playlistTimes.length,
    segmentRequests: segmentTimes.length,
    playlistP50: round(percentile(playlistTimes, 50)),
    playlistP99: round(percentile(playlistTimes, 99)),
    segmentP50: round(percentile(segmentTimes, 50)),
    segmentP99: round(percentile(segmentTimes, 99)),
    segmentMax: round(segmentTimes.at(-1) ?? 0),
    failures,
    segmentMBps: round(segmentBytes / 1e6 / wall),
  }
}

/**
 * simulateViewers on a thread of its own, so the players' work never holds up a measurement made
 * meanwhile on the calling thread (the pages' autocannon runs).
 */
export function simulateViewersInWorker(playlistUrl: string, cookies: readonly string[], seconds: number): Promise<ViewerRun> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { liveViewers: [playlistUrl, cookies, seconds] }, execArgv: ['--import', 'tsx'] })
    worker.once('message', (run: ViewerRun) => {
      resolve(run)
      void worker.terminate()
    })
    worker.once('error', reject)
  })
}

if (!isMainThread && (workerData as { liveViewers?: unknown } | null)?.liveViewers) {
  const [url, cookies, seconds] = (workerData as { liveViewers: [string, string[], number] }).liveViewers
  void simulateViewers(url, cookies, seconds).then((run) => parentPort!.postMessage(run))
}
