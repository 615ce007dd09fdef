import type { Payload } from 'payload'
import type { Pool } from 'pg'

/**
 * Payload's own pg pool, for what Drizzle cannot do: session-level advisory locks held on one
 * connection, plain parameterised SQL on hot paths. No second pool, no connection settings of our own.
 */
export const pgPool = (payload: Payload): Pool => (payload.db as unknown as { pool: Pool }).pool
