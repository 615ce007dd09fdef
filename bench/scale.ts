// `npm run bench:scale`: members' and visitors' pages on one server process, then on two processes
// sharing the database, in the same run on this machine (README: more than one process).
// Two processes are loaded by two autocannon runs at once, one per port, the connections split
// between them and their requests per second summed: no proxy in the path, whose own CPU would
// be taken from the same cores and counted against the servers.
import os from 'node:os'
import path from 'node:path'
import { writeFileSync } from 'node:fs'

import { createTestDatabase } from '../tests/helpers/test-database'
import { startTestServer } from '../tests/helpers/test-server'
import { load, rotatingCookies, round, type LoadOptions, type LoadResult, type RequestHeaders } from './lib/load'
import { discoverRoutes, registerMember, type Audience } from './lib/site'
import { benchCleanups } from './lib/cleanups'

const LOAD: LoadOptions = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  durationSeconds: Number(process.env.BENCH_DURATION ?? 8),
}
const WARMUP: LoadOptions = { connections: LOAD.connections, durationSeconds: Number(process.env.BENCH_WARMUP ?? 2) }
const MEMBERS = 20
const PAGES = ['home', 'post', 'video']
const RESULTS_FILE = path.join(import.meta.dirname, 'results-scale.json')

type Case = { page: string; audience: Audience; one: LoadResult; two: { rps: number; perProcess: number[]; failures: number }; ratio: number }

const { cleanups, cleanUp } = benchCleanups()

async function main() {
  const loadAtStart = os.loadavg()[0] ?? 0
  log('creating a fresh database and starting two built servers on it…')
  const database = await createTestDatabase('bench-scale')
  cleanups.push(database.dispose)
  // One secret: a member's session cookie is good on either process, as behind a proxy.
  const env = { RATE_LIMIT_LOGIN: '100000', RATE_LIMIT_REGISTER: '100000', PAYLOAD_SECRET: 'bench-scale-secret' }
  const first = await startTestServer('bench-scale-1', database.url, env)
  cleanups.push(first.stop)
  const second = await startTestServer('bench-scale-2', database.url, env)
  cleanups.push(second.stop)
  const urls = [first.url, second.url].map((url) => url.replace('//localhost:', '//127.0.0.1:'))

  const routes = (await discoverRoutes(urls[0]!)).filter((route) => PAGES.includes(route.name))
  const cookies = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => registerMember(urls[0]!, i)))
  const headers = (audience: Audience, url: string): RequestHeaders => (audience === 'member' ? rotatingCookies({ origin: url }, cookies) : { origin: url })

  const cases: Case[] = []
  for (const route of routes) {
    for (const audience of ['anonymous', 'member'] as const) {
      // Each process warmed (page caches, the admin's lazy parts untouched) before either run.
      for (const url of urls) await load(url + route.path, headers(audience, url), WARMUP)
      const one = await load(urls[0] + route.path, headers(audience, urls[0]!), LOAD)
      const split = urls.map((_, i) => Math.floor(LOAD.connections / urls.length) + (i < LOAD.connections % urls.length ? 1 : 0))
      const runs = await Promise.all(urls.map((url, i) => load(url + route.path, headers(audience, url), { ...LOAD, connections: split[i]! })))
      const two = { rps: round(runs.reduce((sum, run) => sum + run.rps, 0)), perProcess: runs.map((run) => run.rps), failures: runs.reduce((sum, run) => sum + run.failures, 0) }
      const ratio = round(two.rps / Math.max(one.rps, 0.1), 2)
      cases.push({ page: route.name, audience, one, two, ratio })
      log(`${route.name} ${audience}: 1 process ${one.rps} req/s, 2 processes ${two.rps} req/s (${ratio}×)`)
    }
  }

  const members = cases.filter((c) => c.audience === 'member')
  const membersRatio = round(members.reduce((sum, c) => sum + c.two.rps, 0) / members.reduce((sum, c) => sum + c.one.rps, 0), 2)
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, loadAtStart: round(loadAtStart, 2), loadAtEnd: round(os.loadavg()[0] ?? 0, 2) },
    method: 'autocannon in this process; 2 processes: one autocannon per port at once, connections split, req/s summed',
    load: LOAD,
    cases,
    membersRatio,
  }
  writeFileSync(RESULTS_FILE, JSON.stringify(report, null, 2) + '\n')
  console.log(`\nmembers' pages, 2 processes / 1 process: ${membersRatio}× (${os.cpus().length} cores, PostgreSQL on the same machine)`)
}

function log(message: string) {
  console.log(`[bench:scale] ${message}`)
}

main()
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(() => cleanUp())
