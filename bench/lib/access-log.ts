// What the access log costs: the same pages from two servers of one build on one database, one
// with the log on (LOG_LEVEL=info: a line per request, as operators run it) and one with it off
// (warn), loaded in turn, round after round, so both see the same machine.
import { startTestServer } from '../../tests/helpers/test-server'
import { load, round, type LoadOptions, type RequestHeaders } from './load'
import type { BudgetLine } from './report'

export type AccessLogCase = { route: string; audience: string; offRps: number; onRps: number; ratio: number }
export type AccessLogTarget = { route: string; audience: string; path: string; headers: RequestHeaders }

/** The budget: throughput with the log on is at least this share of it with the log off. */
export const ACCESS_LOG_MIN_RATIO = 0.9
const ROUNDS = 2

export async function accessLogCost(
  offUrl: string,
  databaseUrl: string,
  env: Record<string, string>,
  targets: readonly AccessLogTarget[],
  options: { load: LoadOptions; warmup: LoadOptions; log: (message: string) => void },
): Promise<AccessLogCase[]> {
  const logged = await startTestServer('bench-access-log', databaseUrl, { ...env, LOG_LEVEL: 'info' })
  const onUrl = logged.url.replace('//localhost:', '//127.0.0.1:')
  try {
    const cases: AccessLogCase[] = []
    for (const target of targets) {
      options.log(`access log on vs off: ${target.path} as ${target.audience}`)
      const rps = { off: 0, on: 0 }
      for (const base of [offUrl, onUrl]) await load(base + target.path, target.headers, options.warmup)
      for (let round = 0; round < ROUNDS; round++) {
        // Alternating which goes first, so neither always runs on a machine the other just warmed.
        const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)
        for (const which of order) rps[which] += (await load((which === 'off' ? offUrl : onUrl) + target.path, target.headers, options.load)).rps / ROUNDS
      }
      cases.push({ route: target.route, audience: target.audience, offRps: round(rps.off), onRps: round(rps.on), ratio: rps.off > 0 ? round(rps.on / rps.off, 3) : 0 })
    }
    return cases
  } finally {
    await logged.stop()
  }
}

export const accessLogBudgetLines = (cases: readonly AccessLogCase[]): BudgetLine[] =>
  cases.map((c) => ({
    budget: `${c.route} req/s with the access log on ÷ off (${c.audience})`,
    measured: c.ratio.toFixed(2),
    limit: `≥ ${ACCESS_LOG_MIN_RATIO}`,
    met: c.ratio >= ACCESS_LOG_MIN_RATIO,
  }))

export const accessLogLine = (cases: readonly AccessLogCase[]) =>
  `Access log on ÷ off (a second server of the same build with \`LOG_LEVEL=info\`, loaded in turn with the first, ${ROUNDS} rounds): ` +
  cases.map((c) => `${c.route} ${c.audience} ${c.onRps.toFixed(0)} / ${c.offRps.toFixed(0)} req/s = ${c.ratio.toFixed(2)}`).join('; ') +
  '.'
