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
