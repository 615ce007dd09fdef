// Shared by integration suites that look at or break the database directly (not a test file itself).
import pg from 'pg'
import { inject } from 'vitest'

/** One statement on the suite's database, on a connection of its own. */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const db = new pg.Client({ connectionString: inject('databaseUrl') })
  await db.connect()
  try {
    return (await db.query<T>(text, values)).rows
  } finally {
    await db.end()
  }
}
