// `npm run bench:api`: the JSON API's light path (server/api-fast-path.ts) against Astro's
// endpoint pipeline for the same requests, and both against express.static serving the same
// bytes. Two servers of one build on one database (one with API_FAST_PATH=0) and the baseline
// take turns route by route, round by round (which goes first alternates), so a machine busy
// with other work weighs on all three alike.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'

import { createTestDatabase } from '../tests/helpers/test-database'
import { startTestServer } from '../tests/helpers/test-server'
import { startBaseline } from './lib/baseline'
import { load, rotatingCookies, round, type LoadOptions, type RequestHeaders } from './lib/load'
import { registerMember } from './lib/site'
import { benchCleanups } from './lib/cleanups'

const OUT_DIR = path.join(import.meta.dirname, 'out', 'api')
const LOAD: LoadOptions = { connections: Number(process.env.BENCH_CONNECTIONS ?? 10), durationSeconds: Number(process.env.BENCH_DURATION ?? 4) }
const WARMUP: LoadOptions = { connections: LOAD.connections, durationSeconds: Number(process.env.BENCH_WARMUP ?? 1) }
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const MEMBERS = 20

type Audience = 'anonymous' | 'member'

const { cleanups, cleanUp } = benchCleanups()

async function main() {
  const loadAtStart = os.loadavg()[0] ?? 0
  rmSync(OUT_DIR, { recursive: true, force: true })
  mkdirSync(OUT_DIR, { recursive: true })
  log('creating a fresh database and starting two servers of the built site…')
  const database = await createTestDatabase('bench-api')
  cleanups.push(database.dispose)
  // One secret: a member's cookie is valid on both.
  const env = { RATE_LIMIT_LOGIN: '100000', RATE_LIMIT_REGISTER: '100000', PAYLOAD_SECRET: randomBytes(32).toString('hex') }
  const fastServer = await startTestServer('bench-api-fast', database.url, env)
  cleanups.push(fastServer.stop)
  const astroServer = await startTestServer('bench-api-astro', database.url, { ...env, API_FAST_PATH: '0' })
  cleanups.push(astroServer.stop)
  const fast = fastServer.url.replace('//localhost:', '//127.0.0.1:')
  const astro = astroServer.url.replace('//localhost:', '//127.0.0.1:')

  const videos = (await (await fetch(`${fast}/api/videos?limit=1&page=1`)).json()) as { videos: { videoId: string }[] }
  const videoId = videos.videos[0]!.videoId
  const cookies = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => registerMember(fast, i)))
  // Each server's own origin: Payload reads a session cookie only from its SERVER_URL's pages.
  const headersFor = (origin: string): Record<Audience, RequestHeaders> => ({ anonymous: { origin }, member: rotatingCookies({ origin }, cookies) })
  const headers = { fast: headersFor(fast), astro: headersFor(astro), baseline: { anonymous: {}, member: {} } }
  const only = process.argv.slice(2)
  const allRoutes: [string, Audience][] = [
    ['/api/videos?limit=24&page=1', 'anonymous'],
    ['/api/videos?limit=24&page=1', 'member'],
    [`/api/videos/${videoId}`, 'anonymous'],
    [`/api/videos/${videoId}`, 'member'],
    ['/api/categories?withPostCount=true', 'anonymous'],
    ['/api/announcements?active=true', 'anonymous'],
    ['/api/blog-posts?limit=6&status=published', 'anonymous'],
    ['/api/auth/me', 'member'],
  ]
  // `npm run bench:api -- videos me`: only the routes whose path contains one of the words.
  const routes = allRoutes.filter(([route]) => only.length === 0 || only.some((word) => route.includes(word)))

  // The baseline serves each answer's bytes as the app sent them (a member's: the first member's).
  const files = new Map<string, string>()
  for (const [route, audience] of routes) {
    const res = await fetch(fast + route, { headers: audience === 'member' ? { origin: fast, cookie: cookies[0]! } : { origin: fast } })
    if (res.status !== 200) throw new Error(`${route} (${audience}) answered ${res.status}`)
    const file = `${files.size}.json`
    writeFileSync(path.join(OUT_DIR, file), await res.text())
    files.set(`${route} ${audience}`, file)
  }
  const baseline = await startBaseline(OUT_DIR)
  cleanups.push(baseline.stop)

  const rows: string[] = []
  const results = []
  for (const [route, audience] of routes) {
    log(`load: ${route} as ${audience}`)
    const targets = { fast: fast + route, astro: astro + route, baseline: `${baseline.url}/${files.get(`${route} ${audience}`)}` }
    const sums = { fast: 0, astro: 0, baseline: 0 }
    let failures = 0
    for (const [name, url] of Object.entries(targets)) await load(url, headers[name as keyof typeof targets][audience], WARMUP)
    for (let r = 0; r < ROUNDS; r++) {
      const order = (r % 2 === 0 ? ['fast', 'astro', 'baseline'] : ['baseline', 'astro', 'fast']) as (keyof typeof targets)[]
      for (const name of order) {
        const result = await load(targets[name], headers[name][audience], LOAD)
        sums[name] += result.rps
        failures += result.failures
      }
    }
    const mean = { fast: round(sums.fast / ROUNDS, 0), astro: round(sums.astro / ROUNDS, 0), baseline: round(sums.baseline / ROUNDS, 0) }
    const pct = (n: number) => `${round((100 * n) / mean.baseline, 0)}%`
    results.push({ route, audience, ...mean, failures })
    rows.push(`| \`${route}\` | ${audience} | ${mean.fast} | ${mean.astro} | ${mean.baseline} | ${pct(mean.fast)} | ${pct(mean.astro)} | ${round(mean.fast / mean.astro, 2)}× | ${failures} |`)
  }
  const loadAtEnd = os.loadavg()[0] ?? 0
  console.log(
    [
      `Measured ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model.split(' ').slice(0, 2).join(' ') ?? 'CPU'}, Node ${process.version}; ${LOAD.connections} connections × ${LOAD.durationSeconds} s × ${ROUNDS} rounds each; load average ${round(loadAtStart, 2)} → ${round(loadAtEnd, 2)}.`,
      '',
      '| Route | Audience | light path req/s | Astro req/s | baseline req/s | light vs baseline | Astro vs baseline | light ÷ Astro | failures |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|',
      ...rows,
    ].join('\n'),
  )
  writeFileSync(path.join(OUT_DIR, 'results.json'), JSON.stringify({ loadAtStart, loadAtEnd, load: LOAD, rounds: ROUNDS, results }, null, 2) + '\n')
}

function log(message: string) {
  console.log(`[bench:api] ${message}`)
}

main()
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(cleanUp)
