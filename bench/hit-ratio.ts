// `npm run bench:hit-ratio`: how much of the visitor page cache a steady stream of comments on one
// video leaves in place. One comment a second goes to one video while visitors read the other
// pages (home, lists, posts, other videos); every answer's `x-page-cache` header (set by
// server/page-cache.ts on a hit) is counted. A comment clears only its video's page
// (cms/services/cache/clear-log.ts), so the other pages miss only when their PAGE_CACHE_SECONDS run
// out. Writes bench/results-hit-ratio.json.
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { videos } from '../cms/seed/fixtures/videos'
import { createTestDatabase } from '../tests/helpers/test-database'
import { startTestServer } from '../tests/helpers/test-server'
import { round } from './lib/load'
import { benchCleanups } from './lib/cleanups'

const DURATION_S = Number(process.env.BENCH_DURATION ?? 30)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8)
const COMMENTS_PER_SECOND = 1
const RESULTS_FILE = path.join(import.meta.dirname, 'results-hit-ratio.json')
/** The figure the targeted clearing is held to: the other pages' hit ratio under one comment a second. */
const TARGET = 0.99

const { cleanups, cleanUp } = benchCleanups()

type Tally = { requests: number; hits: number; failures: number }
const tally = (): Tally => ({ requests: 0, hits: 0, failures: 0 })

async function main() {
  const loadAtStart = os.loadavg()[0] ?? 0
  console.log('[bench] creating a fresh database and starting the built server…')
  const database = await createTestDatabase('bench-hit-ratio')
  cleanups.push(database.dispose)
  const server = await startTestServer('bench-hit-ratio', database.url, { RATE_LIMIT_COMMENTS: '100000' })
  cleanups.push(server.stop)
  const appUrl = server.url.replace('//localhost:', '//127.0.0.1:')

  const free = videos.filter((v) => !v.isPremium && !v.isUncut).map((v) => v.videoId)
  const commented = free[0]!
  const posts = (await (await fetch(`${appUrl}/api/blog-posts?limit=6&status=published`)).json()) as { posts: { slug: string }[] }
  const others = ['/', '/blog', '/vlog', '/categories', ...posts.posts.map((p) => `/post/${p.slug}`), ...free.slice(1, 7).map((id) => `/video/${id}`)]
  for (const page of [...others, `/video/${commented}`]) {
    const res = await fetch(appUrl + page)
    if (res.status !== 200) throw new Error(`${page} answered ${res.status}`)
    await res.arrayBuffer()
  }

  const other = tally()
  const hot = tally()
  let stop = false
  let turn = 0
  // Visitors: each connection asks for the next page in turn; the commented video's page now and then.
  const reader = async () => {
    while (!stop) {
      const n = turn++
      const page = n % 20 === 0 ? `/video/${commented}` : others[n % others.length]!
      const counted = page === `/video/${commented}` ? hot : other
      try {
        const res = await fetch(appUrl + page)
        await res.arrayBuffer()
        counted.requests++
        if (res.status !== 200) counted.failures++
        else if (res.headers.get('x-page-cache') === 'hit') counted.hits++
      } catch {
        counted.requests++
        counted.failures++
      }
    }
  }
  let comments = 0
  let commentFailures = 0
  const commenter = async () => {
    while (!stop) {
      const started = Date.now()
      const res = await fetch(`${appUrl}/api/videos/${commented}/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: appUrl },
        body: JSON.stringify({ authorName: 'Bench Visitor', content: `Comment ${comments + commentFailures} of the hit-ratio bench` }),
      }).catch(() => null)
      if (res?.status === 201) comments++
      else commentFailures++
      await res?.arrayBuffer()
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / COMMENTS_PER_SECOND - (Date.now() - started))))
    }
  }

  console.log(`[bench] ${DURATION_S} s: ${CONNECTIONS} visitors over ${others.length} pages, ${COMMENTS_PER_SECOND} comment/s on /video/${commented}…`)
  const running = [...Array.from({ length: CONNECTIONS }, reader), commenter()]
  await new Promise((resolve) => setTimeout(resolve, DURATION_S * 1000))
  stop = true
  await Promise.all(running)

  const ratio = (t: Tally) => (t.requests - t.failures > 0 ? round(t.hits / (t.requests - t.failures), 4) : 0)
  const report = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, loadAverage: { start: round(loadAtStart, 2), end: round(os.loadavg()[0] ?? 0, 2) } },
    durationSeconds: DURATION_S,
    connections: CONNECTIONS,
    pageCacheSeconds: Number(process.env.PAGE_CACHE_SECONDS ?? 10),
    comments: { posted: comments, failed: commentFailures, video: commented },
    otherPages: { pages: others.length, ...other, hitRatio: ratio(other), target: TARGET, met: ratio(other) >= TARGET },
    commentedVideoPage: { ...hot, hitRatio: ratio(hot) },
  }
  writeFileSync(RESULTS_FILE, JSON.stringify(report, null, 2) + '\n')
  console.log(JSON.stringify(report, null, 2))
  if (!report.otherPages.met || comments === 0) process.exitCode = 1
}

main()
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(() => cleanUp())
