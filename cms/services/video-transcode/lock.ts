import type { Payload } from 'payload'
import { pgPool } from '../db/pool'

/** The advisory-lock namespace of transcodes (the first key of pg_try_advisory_lock's pair). */
const TRANSCODE_LOCK_SPACE = 0x7472 // 'tr'

/**
 * Runs `work` holding PostgreSQL's session advisory lock for `videoId` on a connection of its own,
 * or returns 'busy' at once when another process (or job) holds it. The lock is the database's, so
 * two servers never transcode the same video at once; it ends with the connection, so a crashed
 * process leaves no stale lock behind.
 */
export async function withTranscodeLock<T>(payload: Payload, videoId: string, work: () => Promise<T>): Promise<T | 'busy'> {
  const pool = pgPool(payload)
  const client = await pool.connect()
  let held = false
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [TRANSCODE_LOCK_SPACE, videoId])
    held = rows[0]?.locked === true
    if (!held) return 'busy'
    return await work()
  } finally {
    if (held) await client.query('select pg_advisory_unlock($1, hashtext($2))', [TRANSCODE_LOCK_SPACE, videoId]).catch(() => undefined)
    client.release()
  }
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
