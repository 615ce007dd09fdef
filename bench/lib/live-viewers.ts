// The live viewers case of `npm run bench:live`: simulated premium viewers of one stream, each
// doing what an HLS player does at the live edge (reload the playlist every target duration,
// fetch each new segment), while the site's pages are measured for throughput.
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

  const timed = async (url: string, cookie: string, into: number[]): Promise<Response | null> => {
    const t = performance.now()
    try {
      const res = await fetch(url, { headers: { cookie, 'sec-fetch-site': 'same-origin' } })
      const body = await res.arrayBuffer()
      into.push(performance.now() - t)
      if (!res.ok) failures++
      if (into === segmentTimes) segmentBytes += body.byteLength
      return res.ok ? new Response(body, { headers: res.headers }) : null
    } catch {
      failures++
      return null
    }
  }

  const viewer = async (cookie: string, delayMs: number) => {
    await sleep(delayMs)
    const seen = new Set<string>()
    while (performance.now() < stopAt) {
      const cycle = performance.now()
      const res = await timed(playlistUrl, cookie, playlistTimes)
      let targetMs = 1000
      if (res) {
        const text = await res.text()
        targetMs = Number(TARGET.exec(text)?.[1] ?? 1) * 1000
        const segments = text.split('\n').filter((line) => line && !line.startsWith('#'))
        // A player joins a few segments behind the edge, then follows each new one.
        const fresh = seen.size === 0 ? segments.slice(-3) : segments.filter((s) => !seen.has(s))
        for (const segment of fresh) {
          seen.add(segment)
          await timed(new URL(segment, playlistUrl).toString(), cookie, segmentTimes)
        }
      }
      await sleep(Math.max(50, targetMs - (performance.now() - cycle)))
    }
  }

  // Players arrive over the first second, not in one instant.
  await Promise.all(cookies.map((cookie, i) => viewer(cookie, (i / cookies.length) * 1000)))
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
