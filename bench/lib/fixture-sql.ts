// SQL helpers shared by the bench fixtures (points-fixture.ts, analytics-fixture.ts).
import type pg from 'pg'

/** Drops every index of `tables` except those of primary keys and unique constraints (in the open transaction); returns the statements that rebuild them. */
export async function dropSecondaryIndexes(client: pg.Client, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.contype in ('p', 'u'))`,
    [tables],
  )
  for (const { name } of rows) await client.query(`drop index "${name}"`)
  return rows.map((row) => row.definition)
}

/**
 * A fixture's timed steps: `step(name, work)` runs `work`, keeps its seconds (one decimal) under
 * `name` in `seconds` and logs them with `prefix`.
 */
export function stepTimer(log: (message: string) => void, prefix: string) {
  const seconds: Record<string, number> = {}
  const step = async (name: string, work: () => Promise<unknown>) => {
    const t = performance.now()
    await work()
    seconds[name] = Math.round((performance.now() - t) / 100) / 10
    log(`${prefix}: ${name} ${seconds[name]} s`)
  }
  return { seconds, step }
}
