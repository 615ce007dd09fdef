// `npm run bench:live`: live streams under load (bench/README.md, "Live streams"). A real RTMP
// publisher (ffmpeg's test pattern, 720p at 2,500 kbps, encoded beforehand) goes live; then
//   1. latency: a premium member's browser plays the stream; how far behind the publisher it is,
//   2. viewers: hundreds of simulated premium players of that stream, segment times at p99, and the
//      site's pages' throughput with and without them,
//   3. chat: members connected to the stream's events on two server processes on one database,
//      the time from a post to its arrival at every member.
import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import pg from 'pg'
import { chromium } from 'playwright-core'

import { freePort } from '../server/embedded-postgres'
import { createTestDatabase } from '../tests/helpers/test-database'
import { startTestServer, TEST_ADMIN } from '../tests/helpers/test-server'
import { chatDelivery, type ChatRun } from './lib/live-chat'
import { startLoopingPublisher } from './lib/live-publisher'
import { simulateViewersInWorker, type ViewerRun } from './lib/live-viewers'
import { load, round, type LoadResult } from './lib/load'
import { updateLiveReadme } from './lib/live-report'

const VIEWERS = Number(process.env.BENCH_LIVE_VIEWERS ?? 500)
const CHAT_MEMBERS = Number(process.env.BENCH_LIVE_CHAT_MEMBERS ?? 200)
const PAGE_SECONDS = 5
/** Long enough for the server's CPU sample and each page's run while the players play. */
const SECONDS = 3 + PAGE_SECONDS + 3 * PAGE_SECONDS + 2
const RESULTS_FILE = path.join(import.meta.dirname, 'live-results.json')

export type LatencyRun = { samples: number; medianMs: number; maxMs: number; hlsLatencyMedianMs: number; packagerOffsetMs: number }
export type LiveReport = {
  at: string
  machine: string
  latency: LatencyRun
  viewers: ViewerRun
  pages: { path: string; alone: LoadResult; withViewers: LoadResult; ratio: number }[]
  /** The server process's CPU (share of one core) while only the players load it. */
  serverCpuWithViewers: number
  chat: ChatRun
}

const cleanups: Array<() => Promise<void>> = []
const log = (message: string) => console.log(`[bench:live] ${message}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function main() {
  const database = await createTestDatabase('bench-live')
  cleanups.push(database.dispose)
  const rtmpPort = await freePort()
  // One secret for both processes, as behind a load balancer: a session cookie works on either.
  const limits = { RATE_LIMIT_LOGIN: '100000', RATE_LIMIT_REGISTER: '100000', PAYLOAD_SECRET: randomBytes(32).toString('hex') }
  log('starting two server processes on one database…')
  const a = await startTestServer('bench-live-a', database.url, { ...limits, RTMP_PORT: String(rtmpPort) })
  cleanups.push(a.stop)
  const b = await startTestServer('bench-live-b', database.url, limits)
  cleanups.push(b.stop)
  const origins = [a.url, b.url].map((u) => u.replace('//localhost:', '//127.0.0.1:'))

  const admin = await login(origins[0]!, TEST_ADMIN.username, TEST_ADMIN.password)
  const created = await fetch(`${origins[0]}/api/admin/live-streams`, {
    method: 'POST',
    headers: { cookie: admin, origin: origins[0]!, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Bench town hall', isPremium: true }),
  })
  const stream = (await created.json()) as { id: number; streamKey: string; rtmpUrl: string }
  if (created.status !== 201) throw new Error(`stream: ${created.status} ${JSON.stringify(stream)}`)

  log(`registering ${VIEWERS} premium members…`)
  const members = await premiumMembers(origins[0]!, database.url, Math.max(VIEWERS, CHAT_MEMBERS))

  log('publishing a 720p, 2,500 kbps test pattern over RTMP…')
  const publisher = startLoopingPublisher(rtmpPort, stream.streamKey)
  const publishedAt = publisher.startedAt
  cleanups.push(publisher.stop)
  const playlist = `${origins[0]}/live-hls/${stream.id}/index.m3u8`
  let firstSegmentAt = 0
  await waitFor(
    async () => {
      const res = await fetch(playlist, { headers: { cookie: members[0]!, 'sec-fetch-site': 'same-origin' } })
      const text = await res.text()
      // The first segment's EXT-X-PROGRAM-DATE-TIME against the publisher's own start: how much
      // later than the camera the packager's clock says that first frame was.
      const first = /#EXT-X-MEDIA-SEQUENCE:0[\s\S]*?#EXT-X-PROGRAM-DATE-TIME:(\S+)/.exec(text)
      if (first) firstSegmentAt = Date.parse(first[1]!)
      return res.ok && text.includes('seg-')
    },
    30_000,
    'the first segments',
  )
  const packagerOffsetMs = firstSegmentAt ? Math.max(0, firstSegmentAt - publishedAt) : 0

  log('latency: a premium member’s browser at the live edge…')
  const latency = await measureLatency(origins[0]!, members[0]!, stream.id, packagerOffsetMs)

  const pages = ['/', '/blog', '/vlog']
  const alone: LoadResult[] = []
  for (const page of pages) alone.push(await load(`${origins[0]}${page}`, {}, { connections: 10, durationSeconds: PAGE_SECONDS }))
  log(`viewers: ${VIEWERS} simulated players for ${SECONDS} s, the server's CPU, then the pages meanwhile…`)
  const viewersRun = simulateViewersInWorker(playlist, members.slice(0, VIEWERS), SECONDS)
  await sleep(3000)
  const cpuBefore = cpuSeconds(a.pid)
  await sleep(PAGE_SECONDS * 1000)
  const serverCpuWithViewers = round((cpuSeconds(a.pid) - cpuBefore) / PAGE_SECONDS, 2)
  const withViewers: LoadResult[] = []
  for (const page of pages) withViewers.push(await load(`${origins[0]}${page}`, {}, { connections: 10, durationSeconds: PAGE_SECONDS }))
  const viewers = await viewersRun

  log(`chat: ${CHAT_MEMBERS} members on two processes…`)
  const chatters = members.slice(0, CHAT_MEMBERS)
  const chat = await chatDelivery({
    origins,
    streamId: stream.id,
    listenerCookies: chatters,
    senderCookies: chatters.slice(0, 60),
    messages: 60,
    intervalMs: 100,
  })

  const report: LiveReport = {
    at: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, ${(await import('node:os')).cpus().length} cores`,
    latency,
    viewers,
    pages: pages.map((p, i) => ({ path: p, alone: alone[i]!, withViewers: withViewers[i]!, ratio: round(withViewers[i]!.rps / Math.max(1, alone[i]!.rps), 2) })),
    serverCpuWithViewers,
    chat,
  }
  writeFileSync(RESULTS_FILE, JSON.stringify(report, null, 2) + '\n')
  updateLiveReadme(report)
  console.log(JSON.stringify(report, null, 2))
}

/** CPU seconds (user + system) a process has used so far, from /proc. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

async function login(origin: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username, password }),
  })
  const token = /payload-token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1]
  if (res.status !== 200 || !token) throw new Error(`login failed: ${res.status} ${await res.text()}`)
  return `payload-token=${token}`
}

/** `count` members with Premium (set in the database, as a PayPal activation would), each signed in. */
async function premiumMembers(origin: string, databaseUrl: string, count: number): Promise<string[]> {
  const prefix = `live_${Date.now().toString(36)}_`
  const password = 'bench-password-123'
  const names = Array.from({ length: count }, (_, i) => `${prefix}${i}`)
  for (let i = 0; i < names.length; i += 8) {
    await Promise.all(
      names.slice(i, i + 8).map(async (username) => {
        const res = await fetch(`${origin}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ username, email: `${username}@example.org`, dateOfBirth: '1990-01-01', password, confirmPassword: password }),
        })
        if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`)
      }),
    )
  }
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  await client.query(`update users set is_premium = true, premium_expires_at = now() + interval '30 days' where username like $1`, [`${prefix}%`])
  await client.end()
  const cookies: string[] = []
  for (let i = 0; i < names.length; i += 8) cookies.push(...(await Promise.all(names.slice(i, i + 8).map((n) => login(origin, n, password)))))
  return cookies
}

async function waitFor(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await sleep(250)
  }
  throw new Error(`timed out waiting for ${what}`)
}

/**
 * The player's distance behind the publisher: now minus the wall-clock time of the frame on screen
 * (hls.js's playingDate, from EXT-X-PROGRAM-DATE-TIME), plus how much later than the publisher's
 * own start the packager stamped the first frame (`packagerOffsetMs`: the stamps start when
 * ffmpeg starts, not when the camera did), sampled once a second after the player settles.
 */
async function measureLatency(origin: string, cookie: string, streamId: number, packagerOffsetMs: number): Promise<LatencyRun> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'],
  })
  try {
    const context = await browser.newContext()
    const [name, value] = cookie.split('=') as [string, string]
    await context.addCookies([{ name, value, url: origin }])
    const page = await context.newPage()
    await page.goto(`${origin}/live`)
    await page.locator(`[data-testid="live-stream-card"][data-stream-id="${streamId}"]`).getByRole('button', { name: /Watch Live/ }).click()
    const video = page.locator('video[data-playing-date]')
    await video.waitFor({ timeout: 30_000 })
    await sleep(5000)
    const lags: number[] = []
    const hlsLatencies: number[] = []
    for (let i = 0; i < 10; i++) {
      const sample = await video.evaluate((el) => ({ now: Date.now(), playing: Number(el.dataset.playingDate), latency: Number(el.dataset.latencyMs) }))
      if (sample.playing > 0) lags.push(sample.now - sample.playing + packagerOffsetMs)
      if (sample.latency > 0) hlsLatencies.push(sample.latency)
      await sleep(1000)
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0
    return { samples: lags.length, medianMs: Math.round(median(lags)), maxMs: Math.round(Math.max(0, ...lags)), hlsLatencyMedianMs: Math.round(median(hlsLatencies)), packagerOffsetMs }
  } finally {
    await browser.close()
  }
}

main()
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(async () => {
    while (cleanups.length) await cleanups.pop()!().catch(() => {})
  })
