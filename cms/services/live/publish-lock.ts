// One publisher per stream, across every server process: the publish holds PostgreSQL's session
// advisory lock for its stream on a connection of its own while OBS is connected. The lock ends
// with that connection, so a crashed server leaves no stale publisher behind.
import type { Payload } from 'payload'
import type { PoolClient } from 'pg'
import { pgPool } from '../db/pool'

/** The advisory-lock namespace of live publishes (the first key of the pair). */
const PUBLISH_LOCK_SPACE = 0x6c76 // 'lv'


/**
 * Takes the publish lock of `streamId`, trying again for up to `waitMs` (a reconnecting OBS may
 * arrive while its old connection is still being closed). Returns its release, or null when
 * another publisher holds it.
 */
export async function acquirePublishLock(payload: Payload, streamId: number, waitMs = 0): Promise<(() => Promise<void>) | null> {
  const client: PoolClient = await pgPool(payload).connect()
  const deadline = Date.now() + waitMs
  try {
    for (;;) {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [PUBLISH_LOCK_SPACE, streamId])
      if (rows[0]?.locked) break
      if (Date.now() >= deadline) {
        client.release()
        return null
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  } catch (error) {
    client.release(error as Error)
    throw error
  }
  let released = false
  return async () => {
    if (released) return
    released = true
    try {
      await client.query('select pg_advisory_unlock($1, $2)', [PUBLISH_LOCK_SPACE, streamId])
      client.release()
    } catch (error) {
      // A broken connection is dropped from the pool; its lock went with it.
      client.release(error as Error)
    }
  }
}

/** Whether a publisher (in any process) is connected to `streamId` now. */
export async function publishLockHeld(payload: Payload, streamId: number): Promise<boolean> {
  const { rows } = await pgPool(payload).query<{ held: boolean }>(
    "select exists (select 1 from pg_locks where locktype = 'advisory' and classid = $1 and objid = $2 and objsubid = 2 and granted) as held",
    [PUBLISH_LOCK_SPACE, streamId],
  )
  return rows[0]?.held === true
}
