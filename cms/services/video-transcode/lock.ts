import type { Payload } from 'payload'
import { pgPool } from '../db/pool'

/** The advisory-lock namespace of transcodes (the first key of pg_try_advisory_lock's pair). */
const TRANSCODE_LOCK_SPACE = 0x7472 // 'tr'
/** The namespace of transcode slots: slot i is the lock (0x7473, i), i < transcodeConcurrency(). */
export const TRANSCODE_SLOT_SPACE = 0x7473 // 'ts'

/** How many transcodes run at once across every app server (TRANSCODE_CONCURRENCY, default 1). */
export function transcodeConcurrency(env: Record<string, string | undefined> = process.env): number {
  const n = Math.floor(Number(env.TRANSCODE_CONCURRENCY))
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 16) : 1
}

/**
 * Runs `work` holding PostgreSQL's session advisory lock for `videoId` and one of the
 * TRANSCODE_CONCURRENCY slot locks, on a connection of its own. Returns 'busy' at once when
 * another process (or job) holds the video's lock, 'full' when every slot is taken. The locks are
 * the database's, so two servers never transcode the same video at once nor more videos than the
 * slots; they end with the connection, so a crashed process leaves no stale lock behind.
 */
export async function withTranscodeLock<T>(payload: Payload, videoId: string, work: () => Promise<T>): Promise<T | 'busy' | 'full'> {
  const pool = pgPool(payload)
  const client = await pool.connect()
  let held = false
  let slot: number | null = null
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [TRANSCODE_LOCK_SPACE, videoId])
    held = rows[0]?.locked === true
    if (!held) return 'busy'
    for (let i = 0; i < transcodeConcurrency() && slot === null; i++) {
      const taken = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [TRANSCODE_SLOT_SPACE, i])
      if (taken.rows[0]?.locked === true) slot = i
    }
    if (slot === null) return 'full'
    return await work()
  } finally {
    if (slot !== null) await client.query('select pg_advisory_unlock($1, $2)', [TRANSCODE_SLOT_SPACE, slot]).catch(() => undefined)
    if (held) await client.query('select pg_advisory_unlock($1, hashtext($2))', [TRANSCODE_LOCK_SPACE, videoId]).catch(() => undefined)
    client.release()
  }
}

/** How many transcode slots are held now, by any process. */
export async function transcodeSlotsInUse(payload: Payload): Promise<number> {
  const { rows } = await pgPool(payload).query<{ n: number }>("select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = $1 and granted", [TRANSCODE_SLOT_SPACE])
  return rows[0]?.n ?? 0
}

/** Whether some process holds the transcode lock of `videoId` now (the recovery sweep's check). */
export async function transcodeLockHeld(payload: Payload, videoId: string): Promise<boolean> {
  const pool = pgPool(payload)
  const { rows } = await pool.query<{ held: boolean }>(
    "select exists (select 1 from pg_locks where locktype = 'advisory' and classid = $1 and objid = hashtext($2)::oid and granted) as held",
    [TRANSCODE_LOCK_SPACE, videoId],
  )
  return rows[0]?.held === true
}
