/**
 * Where a For You list's time goes (`npm run bench:recs`, after the HTTP runs): the service's own
 * steps called one by one through a Payload instance in this process, on the bench's database,
 * for the same members, while the server is idle — the catalogue read (its SQL apart from
 * building it in memory), the member's history query, settings, scoring and the diversity pick,
 * the insert, and the Local API reads that turn rows into the API's JSON; plus EXPLAIN ANALYZE of
 * the history query for the member with the most history. What the HTTP figures add beyond the
 * sum of the steps is the request's own path (Express, Astro, the session, JSON).
 */
import { randomBytes } from 'node:crypto'

import type { Pool, QueryConfig } from 'pg'
import type { Payload } from 'payload'

import { MOODS } from '../../shared/constants'
import type { User } from '../../cms/payload-types'
import { round } from './load'

export type StepFigures = { p50: number; p95: number; max: number }
export type RecsBreakdown = {
  members: number
  /** The first list's catalogue read after a change, `runs` times: all of it, and its five queries (run together). */
  catalogue: { runs: number; totalMs: StepFigures; sqlMs: StepFigures; buildMs: StepFigures; slowestQuery: { what: string; ms: number }; items: number }
  /** Per list, in the order the service runs them (scoring and the pick are parts of pickFrom). */
  steps: Record<string, StepFigures>
  /** The history query for the sampled member with the most history rows. */
  history: { memberRows: number; executionMs: number; plan: string[] }
}

const RUNS_COLD = 3

/** `members`: the bench's sample (the history query is explained for its heaviest); the steps are timed for the first `stepMembers`. */
export async function recsBreakdown(databaseUrl: string, members: readonly { id: number; historyRows: number }[], stepMembers: number, log: (message: string) => void): Promise<RecsBreakdown> {
  process.env.DATABASE_URL = databaseUrl
  process.env.PAYLOAD_SECRET ??= randomBytes(16).toString('hex')
  process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER = 'true'
  process.env.SEED = '0'
  const [{ getPayload }, { default: config }, server] = await Promise.all([import('payload'), import('../../payload.config'), import('../../server/payload')])
  const payload: Payload = await getPayload({ config })
  try {
    const [catalogModule, historyModule, generate, views, transactions, score, pageCache, pool] = await Promise.all([
      import('../../cms/services/recommendations/catalog'),
      import('../../cms/services/recommendations/history'),
      import('../../cms/services/recommendations/generate'),
      import('../../cms/services/recommendations/views'),
      import('../../cms/services/db/transactions'),
      import('../../cms/services/recommendations/score'),
      import('../../cms/hooks/page-cache'),
      import('../../cms/services/db/pool'),
    ])
    const queries = watchQueries(pool.pgPool(payload))

    log('breakdown: the catalogue read, cold…')
    const cold = { total: [] as number[], sql: [] as number[], build: [] as number[] }
    let slowestQuery = { what: '', ms: 0 }
    let items = 0
    for (let i = 0; i < RUNS_COLD; i++) {
      pageCache.clearPageCache()
      queries.log.length = 0
      const started = performance.now()
      items = (await catalogModule.getCatalog(payload)).items.length
      const total = performance.now() - started
      const sql = Math.max(...queries.log.map((q) => q.end)) - Math.min(...queries.log.map((q) => q.start))
      cold.total.push(total)
      cold.sql.push(sql)
      cold.build.push(total - sql)
      for (const q of queries.log) if (q.ms > slowestQuery.ms) slowestQuery = { what: q.what, ms: round(q.ms) }
    }
    const catalog = await catalogModule.getCatalog(payload)

    const timed = members.slice(0, stepMembers)
    log(`breakdown: the steps of a list for ${timed.length} members…`)
    const times: Record<string, number[]> = {}
    const time = async <T>(step: string, work: () => T | Promise<T>): Promise<T> => {
      const started = performance.now()
      const result = await work()
      ;(times[step] ??= []).push(performance.now() - started)
      return result
    }
    for (const [i, member] of timed.entries()) {
      const user = (await payload.findByID({ collection: 'users', id: member.id, depth: 0, overrideAccess: true })) as User
      const mood = MOODS[i % MOODS.length]!
      const rows = await time('history query (readHistory)', () => historyModule.readHistory(payload, member.id))
      const settings = await time('settings query (readSettings)', () => generate.readSettings(payload, member.id))
      const history = await time('history → profile (interpretHistory)', () => historyModule.interpretHistory(rows, catalog))
      const picks = await time('scoring + pick + reasons (pickFrom)', () => generate.pickFrom(catalog, user, history, settings, { mood, intensity: 0.5, limit: 10 }))
      // Its two main parts again, on every item of the catalogue (pickFrom first leaves out what the member cannot or would not see).
      const input = { moodTags: catalog.moodTags.get(mood) ?? new Set<number>(), intensity: 0.5, profile: history.profile, weights: settings.weights }
      const scored = await time('  of which scoreCandidates', () => score.scoreCandidates(catalog.items, input))
      await time('  of which diversify', () => score.diversify(scored, 10, settings.weights.diversityFactor))
      const stored = await time('insert, one statement (storePicks)', () => generate.storePicks(transactions.poolDb(payload), member.id, mood, picks))
      const list = await time('Local API reads → JSON (toViews)', () => views.toViews(payload, user, stored))
      if (list.length !== 10) throw new Error(`breakdown: member ${member.id} got ${list.length} items`)
    }
    const steps = Object.fromEntries(Object.entries(times).map(([step, ms]) => [step, figures(ms)]))

    log('breakdown: EXPLAIN ANALYZE of the history query…')
    const history = await explainHistory(payload, pool.pgPool(payload), queries, members, historyModule.readHistory)
    return {
      members: timed.length,
      catalogue: { runs: RUNS_COLD, totalMs: figures(cold.total), sqlMs: figures(cold.sql), buildMs: figures(cold.build), slowestQuery, items },
      steps,
      history,
    }
  } finally {
    await server.closePayload(payload)
  }
}

type Watched = { what: string; name?: string; text: string; start: number; end: number; ms: number }

/** Times every query the pool runs (text and name kept), without changing what it returns. */
function watchQueries(pool: Pool) {
  const log: Watched[] = []
  const texts = new Map<string, string>()
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>
  ;(pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
    const config = args[0] as string | QueryConfig
    const text = typeof config === 'string' ? config : config.text
    const name = typeof config === 'string' ? undefined : config.name
    if (name) texts.set(name, text)
    const start = performance.now()
    try {
      return await original(...args)
    } finally {
      const end = performance.now()
      log.push({ what: name ?? text.replace(/\s+/g, ' ').trim().slice(0, 90), name, text, start, end, ms: end - start })
    }
  }
  return { log, texts }
}

/** The history query's plan for the sampled member with the most rows, as the service sends it. */
async function explainHistory(
  payload: Payload,
  pool: Pool,
  queries: ReturnType<typeof watchQueries>,
  members: readonly { id: number; historyRows: number }[],
  readHistory: (payload: Payload, userId: number) => Promise<unknown[]>,
): Promise<RecsBreakdown['history']> {
  const heaviest = [...members].sort((a, b) => b.historyRows - a.historyRows)[0]!
  const rows = await readHistory(payload, heaviest.id)
  const text = queries.texts.get('recs_history')
  if (!text) throw new Error('breakdown: the history query was not seen (is it still named recs_history?)')
  const { rows: plan } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, [heaviest.id])
  const lines = plan.map((r) => r['QUERY PLAN'])
  const execution = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? 0)
  return { memberRows: rows.length, executionMs: round(execution, 2), plan: lines }
}

function figures(ms: readonly number[]): StepFigures {
  const sorted = [...ms].sort((a, b) => a - b)
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0)
  return { p50: at(0.5), p95: at(0.95), max: at(1) }
}
