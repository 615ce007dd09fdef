// `npx tsx bench/profile.ts`: where the server's CPU goes under load, per scenario (see README.md).
// Starts the built server with V8's CPU profiler, loads one route, stops the server (which writes
// the profile) and sorts the samples' self time into buckets by the code they ran in.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'

import { createTestDatabase } from '../tests/helpers/test-database'
import { startTestServer } from '../tests/helpers/test-server'
import { load } from './lib/load'

const PROFILE_ROOT = path.join(import.meta.dirname, 'out', 'profiles')
const DURATION = Number(process.env.BENCH_DURATION ?? 8)

/** First match wins: a function's script URL → the step it belongs to. */
const BUCKETS: [string, RegExp][] = [
  ['auth (payload.auth, JWT, sessions)', /payload\/dist\/auth|jose|jsonwebtoken|node:crypto|internal\/crypto/],
  ['database driver (pg, drizzle)', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|drizzle-orm|@payloadcms\/drizzle|@payloadcms\/db-postgres)\//],
  ['Payload Local API (find, hooks, access, fields)', /node_modules\/payload\//],
  ['rich text (lexical)', /lexical|@payloadcms\/richtext-lexical/],
  ['Astro rendering', /node_modules\/astro\/|dist-[^/]+\/server\/|\/dist\/server\//],
  ['React SSR (islands)', /react-dom|node_modules\/react\//],
  ['Express, compression, http', /node_modules\/(express|router|compression|send|serve-static|finalhandler|body-parser|on-finished|mime)|node:_http|internal\/http|node:net|internal\/stream|node:stream/],
  ['zod', /node_modules\/zod\//],
  ['app code (cms/, site/, shared/)', /\/(cms|site|shared|server)\//],
  ['garbage collection', /^\(garbage collector\)$/],
  ['idle', /^\((idle|program)\)$/],
]

type ProfileNode = { id: number; callFrame: { functionName: string; url: string }; children?: number[] }
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

function bucketOf(node: ProfileNode): string {
  const key = node.callFrame.url || `(${node.callFrame.functionName.replace(/[()]/g, '')})`
  for (const [name, pattern] of BUCKETS) if (pattern.test(key)) return name
  return node.callFrame.url ? 'other JS' : `other (${node.callFrame.functionName || 'native'})`
}

/**
 * Self time per bucket, as a share of the busy (non-idle) time, counting only the samples of the
 * measured window (the profile also covers start-up and shutdown): `window` is in µs before the
 * profile's end.
 */
function summarise(profile: CpuProfile, window: { fromEnd: number; length: number }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const totals = new Map<string, number>()
  const functions = new Map<string, number>()
  const to = profile.endTime - window.fromEnd
  const from = to - window.length
  let t = profile.startTime
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0
    t += delta
    if (t < from || t > to) return
    const node = byId.get(id)!
    const bucket = bucketOf(node)
    totals.set(bucket, (totals.get(bucket) ?? 0) + delta)
    if (bucket !== 'idle') {
      const where = `${node.callFrame.functionName || '(anonymous)'} ${shortUrl(node.callFrame.url)}`
      functions.set(where, (functions.get(where) ?? 0) + delta)
    }
  })
  totals.delete('idle')
  const busy = [...totals.values()].reduce((a, b) => a + b, 0)
  const share = (m: Map<string, number>) => [...m.entries()].map(([k, v]) => [k, v / busy] as [string, number]).sort((a, b) => b[1] - a[1])
  return { buckets: share(totals), functions: share(functions).slice(0, TOP_FUNCTIONS) }
}

const TOP_FUNCTIONS = 12
const shortUrl = (url: string) => url.replace(/^file:\/\/\/.*?\/(node_modules|dist-[^/]+|cms|site|shared|server)\//, '$1/')

async function profileScenario(name: string, routeFor: (url: string) => Promise<string>, member: boolean) {
  const dir = path.join(PROFILE_ROOT, name)
  mkdirSync(dir, { recursive: true })
  const database = await createTestDatabase('bench-profile')
  try {
    const server = await startTestServer('bench-profile', database.url, {
      RATE_LIMIT_LOGIN: '100000',
      RATE_LIMIT_REGISTER: '100000',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${dir}`.trim(),
    })
    let rps = 0
    let stopMicros = 0
    try {
      const url = server.url.replace('//localhost:', '//127.0.0.1:')
      const headers: Record<string, string> = { origin: url }
      if (member) headers.cookie = await register(url)
      const target = url + (await routeFor(url))
      await load(target, headers, { connections: 10, durationSeconds: 2 })
      rps = (await load(target, headers, { connections: 10, durationSeconds: DURATION })).rps
    } finally {
      const stopping = performance.now()
      await server.stop()
      stopMicros = (performance.now() - stopping) * 1000
    }
    // One profile per thread; the main thread's is the largest.
    const file = readdirSync(dir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .sort((a, b) => statSync(path.join(dir, b)).size - statSync(path.join(dir, a)).size)[0]
    if (!file) throw new Error(`no CPU profile written in ${dir}`)
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile
    return { rps, ...summarise(profile, { fromEnd: stopMicros, length: DURATION * 1_000_000 }) }
  } finally {
    await database.dispose()
  }
}

async function register(url: string): Promise<string> {
  const username = `prof_${Date.now().toString(36)}`
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, dateOfBirth: '1990-01-01', password: 'bench-password-123', confirmPassword: 'bench-password-123' }),
  })
  const token = /payload-token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1]
  if (!token) throw new Error(`registration failed: ${res.status}`)
  return `payload-token=${token}`
}

const firstPost = async (url: string) => `/post/${/<item>.*?\/post\/([^<]+)<\/link>/s.exec(await (await fetch(`${url}/rss.xml`)).text())?.[1]}`
const firstVideo = async (url: string) => `/video/${/<item>.*?\/video\/([^<]+)<\/link>/s.exec(await (await fetch(`${url}/videos/rss.xml`)).text())?.[1]}`

const SCENARIOS: [string, (url: string) => Promise<string>, boolean][] = [
  ['robots-anonymous', async () => '/robots.txt', false],
  ['home-anonymous', async () => '/', false],
  ['home-member', async () => '/', true],
  ['post-anonymous', firstPost, false],
  ['post-member', firstPost, true],
  ['video-anonymous', firstVideo, false],
]

rmSync(PROFILE_ROOT, { recursive: true, force: true })
const only = process.argv.slice(2)
for (const [name, routeFor, member] of SCENARIOS.filter(([n]) => only.length === 0 || only.includes(n))) {
  const { rps, buckets, functions } = await profileScenario(name, routeFor, member)
  console.log(`\n### ${name}: ${rps.toFixed(0)} req/s while profiling; share of busy CPU time`)
  for (const [bucket, share] of buckets.filter(([, s]) => s >= 0.01)) console.log(`- ${bucket}: ${(share * 100).toFixed(1)}%`)
  console.log('Top functions (self time):')
  for (const [where, share] of functions) console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${where}`)
}
