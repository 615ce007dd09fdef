// The tus server's upload locks on PostgreSQL (house rule 16): @tus/server's default locker is a
// Map in one process, so two app servers behind a proxy could both append to the same upload. Here
// each lock is PostgreSQL's session advisory lock for the upload id, held on a pooled connection
// for as long as the request needs it (and gone with the connection if the process dies).
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils'
import type { Payload } from 'payload'
import type { Pool, PoolClient } from 'pg'

/** The advisory-lock namespace of resumable uploads (the transcode's is 0x7472). */
export const TUS_LOCK_SPACE = 0x7475 // 'tu'
const RETRY_MS = 100

export class PostgresUploadLocker implements Locker {
  /**
   * This process's holders and how to ask each to let go: a client that reconnects after a drop
   * sends a new request for the same upload while the old one may still hold it, and the new one
   * wins (as with @tus/server's own locker). A holder in another process ends with its request.
   */
  readonly holders = new Map<string, RequestRelease>()

  constructor(
    private readonly payload: Payload,
    readonly acquireTimeoutMs = 30_000,
  ) {}

  get pool(): Pool {
    return (this.payload.db as unknown as { pool: Pool }).pool
  }

  newLock(id: string): Lock {
    return new PostgresUploadLock(id, this)
  }
}

class PostgresUploadLock implements Lock {
  private client: PoolClient | null = null

  constructor(
    private readonly id: string,
    private readonly locker: PostgresUploadLocker,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.acquireTimeoutMs
    const client = await this.locker.pool.connect()
    try {
      for (;;) {
        if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [TUS_LOCK_SPACE, this.id])
        if (rows[0]?.locked) {
          this.client = client
          this.locker.holders.set(this.id, requestRelease)
          return
        }
        await this.locker.holders.get(this.id)?.()
        if (Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS))
      }
    } catch (error) {
      client.release()
      throw error
    }
  }

  async unlock(): Promise<void> {
    const client = this.client
    if (!client) throw new Error('Releasing an unlocked lock!')
    this.client = null
    this.locker.holders.delete(this.id)
    try {
      await client.query('select pg_advisory_unlock($1, hashtext($2))', [TUS_LOCK_SPACE, this.id])
      client.release()
    } catch (error) {
      // A connection that cannot unlock is closed: its locks go with it.
      client.release(error instanceof Error ? error : true)
    }
  }
}
