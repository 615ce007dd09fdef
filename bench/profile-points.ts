// `npx tsx bench/profile-points.ts`: where the CPU of the points cases goes.
// Loads the weekly board, a member's stats and awards against the points fixture and reports, per
// Case, the CPU each process spent per request (the server, PostgreSQL, the load generator) from
// /proc, and the server's own V8 profile by bucket. POINTS_PROFILE_DB=<url of a database that holds
// the fixture already> skips the build (the first run prints its URL and keeps it).
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import path from 'node:path'

import pg from 'pg'

import { startTestServer } from '../tests/helpers/test-server'
import { buildPointsFixture, FIXTURE_PASSWORD } from './lib/points-fixture'
import { summarise, type CpuProfile } from './lib/cpu-profile'
import { timedLoad } from './lib/timed-load'

const DURATION = Number(process.env.BENCH_DURATION ?? 8)
const DIR = path.join(import.meta.dirname, 'out', 'profiles', 'points')
const SYSTEM_PG = process.env.POINTS_PROFILE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim())

/** CPU seconds (user + system) of the processes whose pids `pick` chooses. */
function cpuSeconds(pick: (pid: number, comm: string) => boolean): number {
  let ticks = 0
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry)
    if (!pid) continue
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      if (!pick(pid, comm)) continue
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / CLOCK_TICKS
}

async function fixtureDatabase(): Promise<{ url: string; fresh: boolean }> {
  if (process.env.POINTS_PROFILE_DB) return { url: process.env.POINTS_PROFILE_DB, fresh: false }
  const name = `points_profile_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: SYSTEM_PG })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(SYSTEM_PG)
  url.pathname = `/${name}`
  return { url: url.toString(), fresh: true }
}

async function post(url: string, route: string, body: unknown, cookie = '') {
  const res = await fetch(url + route, { method: 'POST', headers: { 'content-type': 'application/json', origin: url, cookie }, body: JSON.stringify(body) })
  return { res, cookie: /payload-token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] }
}

const signIn = async (url: string, username: string) => `payload-token=${(await post(url, '/api/auth/login', { username, password: FIXTURE_PASSWORD })).cookie}`

rmSync(DIR, { recursive: true, force: true })
mkdirSync(DIR, { recursive: true })
const database = await fixtureDatabase()
const server = await startTestServer('points-profile', database.url, {
  RATE_LIMIT_LOGIN: '1000000',
  RATE_LIMIT_REGISTER: '1000000',
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${DIR}`.trim(),
})
const url = server.url.replace('//localhost:', '//127.0.0.1:')
const windows: { name: string; from: number; to: number; requests: number; cpu: Record<string, number>; p95: number; rps: number }[] = []
try {
  if (database.fresh) {
    const template = `bench_pts_${Date.now().toString(36)}`
    await post(url, '/api/auth/register', { username: template, email: `${template}@example.org`, dateOfBirth: '1990-01-01', password: FIXTURE_PASSWORD, confirmPassword: FIXTURE_PASSWORD })
    await buildPointsFixture(database.url, template, console.log)
    console.log(`fixture kept in ${database.url} (POINTS_PROFILE_DB=… to reuse it)`)
  }
  const db = new pg.Client({ connectionString: database.url })
  await db.connect()
  const { rows } = await db.query<{ username: string }>(
    `select u.username from leaderboard_entries e join users u on u.id = e.user_id where e.period = 'weekly' and e.points > 0
     order by e.period_start desc, e.points desc offset 20000 limit 1`,
  )
  const awardees = (await db.query<{ username: string }>(`select username from users where username like 'pts\\_%' order by random() limit 400`)).rows.map((r) => r.username)
  await db.end()
  const middle = await signIn(url, rows[0]!.username)
  const awardCookies = await Promise.all(awardees.map((u) => signIn(url, u)))
  for (const cookie of awardCookies) await fetch(`${url}/api/user/stats`, { headers: { cookie, origin: url } }).then((r) => r.arrayBuffer())
  const slugs = [...(await (await fetch(`${url}/rss.xml`)).text()).matchAll(/<link>[^<]*\/post\/([^<]+)<\/link>/g)].map((m) => m[1]!).slice(0, 5)

  const children = () => {
    try {
      return execFileSync('pgrep', ['-P', String(server.pid)]).toString().split('\n').filter(Boolean).map(Number)
    } catch {
      return [] // pgrep exits 1 when there are none
    }
  }
  const serverPids = () => new Set([server.pid, ...children()])
  const measure = async (name: string, run: () => ReturnType<typeof timedLoad>) => {
    await run()
    const pids = serverPids()
    const before = { server: cpuSeconds((pid) => pids.has(pid)), postgres: cpuSeconds((_, comm) => comm.startsWith('postgres')), load: process.cpuUsage() }
    const from = performance.now()
    const result = await run()
    const to = performance.now()
    const load = process.cpuUsage(before.load)
    const cpu = {
      server: cpuSeconds((pid) => pids.has(pid)) - before.server,
      postgres: cpuSeconds((_, comm) => comm.startsWith('postgres')) - before.postgres,
      'load generator': (load.user + load.system) / 1e6,
    }
    windows.push({ name, from, to, requests: result.requests, cpu, p95: result.p95, rps: result.rps })
  }
  await measure('weekly board', () => timedLoad({ url: `${url}/api/leaderboard?period=weekly`, connections: 10, durationSeconds: DURATION, headers: { origin: url } }))
  await measure('stats (middle)', () => timedLoad({ url: `${url}/api/user/stats`, connections: 10, durationSeconds: DURATION, headers: { origin: url, cookie: middle } }))
  let shareRound = 0
  await measure('award', () => {
    const round = shareRound++
    const cookies = awardCookies.slice(round * 200, round * 200 + 200)
    return timedLoad({
      url: `${url}/api/points/award`,
      method: 'POST',
      connections: 10,
      amount: cookies.length * slugs.length - 10,
      headers: { origin: url },
      request: (n) => ({
        headers: { cookie: cookies[n % cookies.length]!, 'content-type': 'application/json' },
        body: JSON.stringify({ activityType: 'content_share', contentType: 'blog_post', contentId: slugs[Math.floor(n / cookies.length) % slugs.length] }),
      }),
    })
  })
} finally {
  await server.stop()
  const stopped = performance.now()
  const file = readdirSync(DIR)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort((a, b) => statSync(path.join(DIR, b)).size - statSync(path.join(DIR, a)).size)[0]
  const profile = file ? (JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as CpuProfile) : null
  for (const w of windows) {
    console.log(`\n### ${w.name}: ${w.rps.toFixed(0)} req/s, p95 ${w.p95} ms; CPU ms per request:`)
    console.log('  ' + Object.entries(w.cpu).map(([k, s]) => `${k} ${((s * 1000) / w.requests).toFixed(2)}`).join(', '))
    if (!profile) continue
    const { buckets, functions } = summarise(profile, { fromEnd: (stopped - w.to) * 1000, length: (w.to - w.from) * 1000 })
    for (const [bucket, share] of buckets.filter(([, s]) => s >= 0.02)) console.log(`- ${bucket}: ${(share * 100).toFixed(1)}%`)
    for (const [where, share] of functions) console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${where}`)
  }
}
