// Named prepared statements on the connection behind a Drizzle handle (terms in README.md).
import type { Db } from './transactions'

type PgQueryable = { query: (config: { name?: string; text: string; values?: unknown[] }) => Promise<{ rows: Record<string, unknown>[] }> }

/**
 * A statement the hot paths run many times a second (a member's stats, an award): PostgreSQL parses
 * it once per connection under `name` (node-postgres remembers which connections have it), and the
 * text goes through no query builder. `db` is the pool's handle or a transaction's, so the
 * statement runs where the caller's other statements run. `text` must be the same for a name.
 */
export type Prepared = { name: string; text: string }

export const prepared = (name: string, text: string): Prepared => ({ name, text })

export async function runPrepared(db: Db, statement: Prepared, values: unknown[]): Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { session?: { client?: PgQueryable } }).session?.client
  if (!client) throw new Error('runPrepared: the database handle has no node-postgres client')
  const { rows } = await client.query({ name: statement.name, text: statement.text, values })
  return rows
}
