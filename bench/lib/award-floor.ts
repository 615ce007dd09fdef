/**
 * The database's own floor for an award: the award's four round trips — BEGIN,
 * the member's state under lock, the one write statement, COMMIT — as pgbench runs them at the
 * bench's connection count, with no HTTP, Node or Payload in the way. Members are random fixture
 * members; every transaction writes a real ledger row. What the award endpoint costs on top of
 * this is ours; this part is PostgreSQL's on this machine. Null when pgbench is not installed.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { AWARD_WRITE, MEMBER_STATE } from '../../cms/services/points/award-sql'
import { allPeriodBounds } from '../../cms/services/points/clock'
import { round } from './load'
import { percentile } from './timed-load'

export type AwardFloor = { clients: number; seconds: number; transactions: number; tps: number; p50: number; p95: number; p99: number }

const literal = (value: unknown): string => {
  if (value === null) return 'null'
  if (Array.isArray(value)) return `'{${value.map((x) => (x === null ? 'NULL' : `"${String(x)}"`)).join(',')}}'`
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return `'${String(value).replace(/'/g, "''")}'`
}

/** A statement's text with its parameters written in (pgbench variables where they vary). */
const inline = (text: string, values: unknown[]) =>
  text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = values[Number(n) - 1]
    return typeof value === 'string' && value.startsWith(':') ? value : literal(value)
  })

function script(now: Date, minId: number, maxId: number): string {
  const bounds = allPeriodBounds(now)
  const state = inline(MEMBER_STATE.text, [':uid', 'content_share', new Date(now.getTime() - 26 * 3600_000).toISOString()])
  const write = inline(AWARD_WRITE.text, [
    ':uid', now.toISOString(), ['content_share'], [5], ['blog_post'], ['floor-post'], ['Shared: a post'], [null], ':key',
    [], [], [], 1, 1, 0, now.toISOString().slice(0, 10),
    bounds.map((b) => b.period), bounds.map((b) => b.start.toISOString()), bounds.map((b) => b.end?.toISOString() ?? null),
  ]).replaceAll(':key', `array['floor:' || :client_id || ':' || :r]`)
  return [`\\set uid random(${minId}, ${maxId})`, '\\set r random(1, 2000000000)', 'BEGIN;', `${state};`, `${write};`, 'COMMIT;', ''].join('\n').replace(/\n\s+/g, '\n ')
}

export function awardFloor(databaseUrl: string, { clients, seconds, minId, maxId }: { clients: number; seconds: number; minId: number; maxId: number }): AwardFloor | null {
  if (spawnSync('pgbench', ['--version']).status !== 0) return null
  const dir = mkdtempSync(path.join(os.tmpdir(), 'award-floor-'))
  try {
    writeFileSync(path.join(dir, 'award.sql'), script(new Date(), minId, maxId))
    execFileSync('pgbench', ['-n', '-c', String(clients), '-j', String(Math.min(clients, 2)), '-T', String(seconds), '-f', 'award.sql', '-l', '--log-prefix=tx', databaseUrl], { cwd: dir, stdio: 'pipe' })
    // Per-transaction log lines: client_id transaction_no time_µs script_no time_epoch time_µs_part.
    const latencies = readdirSync(dir)
      .filter((f) => f.startsWith('tx'))
      .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .filter((ms) => Number.isFinite(ms))
      .sort((a, b) => a - b)
    return {
      clients,
      seconds,
      transactions: latencies.length,
      tps: round(latencies.length / seconds, 0),
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
