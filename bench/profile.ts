// `npx tsx bench/profile.ts`: where the server's CPU goes under load, per scenario (see README.md).
// Starts the built server with V8's CPU profiler, loads one route, stops the server (which writes
// the profile) and sorts the samples' self time into buckets by the code they ran in.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'

import { createTestDatabase } from '../tests/helpers/test-database'
import { startTestServer } from '../tests/helpers/test-server'
import { load } from './lib/load'
import { summarise, type CpuProfile } from './lib/cpu-profile'

const PROFILE_ROOT = path.join(import.meta.dirname, 'out', 'profiles')
const DURATION = Number(process.env.BENCH_DURATION ?? 8)

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
  // The JSON API (API_FAST_PATH=0 in the environment: through Astro's endpoint pipeline instead of server/api-fast-path.ts).
  ['api-videos-anonymous', async () => '/api/videos?limit=24&page=1', false],
  ['api-videos-member', async () => '/api/videos?limit=24&page=1', true],
  ['api-me-member', async () => '/api/auth/me', true],
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
