// The key-moments migration on data: a scratch database shaped like `videos` before it, the
// migration's up() and down() run on it, and the rows looked at directly.
import { randomBytes } from 'node:crypto'

import { drizzle } from '@payloadcms/db-postgres/drizzle/node-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'

import { down, up } from '../../cms/migrations/20261125_044436_key_moments_rows'

const name = `km_migration_${randomBytes(4).toString('hex')}`
const serverUrl = inject('databaseUrl')
const scratchUrl = (() => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
})()

async function run(connectionString: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    return (await client.query(text, values)).rows
  } finally {
    await client.end()
  }
}

let pool: pg.Pool
// Only what the migration reads: the migration is handed drizzle on this pool, as Payload does.
const migrationArgs = () => ({ db: drizzle(pool) }) as unknown as Parameters<typeof up>[0]

beforeAll(async () => {
  await run(serverUrl, `create database "${name}"`)
  pool = new pg.Pool({ connectionString: scratchUrl, max: 1 })
  await pool.query(`create table "videos" ("id" serial primary key, "title" varchar, "key_moments" jsonb)`)
  await pool.query(
    `insert into "videos" ("title", "key_moments") values
      ('ordered', $1::jsonb), ('messy', $2::jsonb), ('none', null), ('object', '{"timestamp":"0:10","description":"x"}'::jsonb)`,
    [
      JSON.stringify([{ timestamp: '0:00', description: 'Start' }, { timestamp: '1:02:03', description: 'Later' }]),
      JSON.stringify([{ timestamp: ' 2:00 ', description: ' Trimmed ' }, { timestamp: 5, description: 'not text' }, null, 'x', { timestamp: '3:00', description: '' }, { timestamp: '1:00', description: 'Out of order, kept' }]),
    ],
  )
})

afterAll(async () => {
  await pool?.end()
  await run(serverUrl, `drop database if exists "${name}" with (force)`)
})

const rowsOf = async (title: string) =>
  (
    await pool.query(
      `select k."timestamp", k."description", k."id" from "videos_key_moments" k join "videos" v on v."id" = k."_parent_id" where v."title" = $1 order by k."_order"`,
      [title],
    )
  ).rows as { timestamp: string; description: string; id: string }[]

describe('migration 20261125_044436_key_moments_rows', () => {
  it('moves each video’s JSON items into rows, in order, leaving malformed ones behind; down() puts them back', async () => {
    await up(migrationArgs())

    const ordered = await rowsOf('ordered')
    expect(ordered.map(({ timestamp, description }) => ({ timestamp, description }))).toEqual([
      { timestamp: '0:00', description: 'Start' },
      { timestamp: '1:02:03', description: 'Later' },
    ])
    for (const row of ordered) expect(row.id).toMatch(/^[0-9a-f]{24}$/)
    expect((await rowsOf('messy')).map(({ timestamp, description }) => ({ timestamp, description }))).toEqual([
      { timestamp: '2:00', description: 'Trimmed' },
      { timestamp: '1:00', description: 'Out of order, kept' },
    ])
    expect(await rowsOf('none')).toEqual([])
    expect(await rowsOf('object')).toEqual([])
    const columns = await pool.query(`select column_name from information_schema.columns where table_name = 'videos'`)
    expect(columns.rows.map((c) => c.column_name)).not.toContain('key_moments')

    await down(migrationArgs() as unknown as Parameters<typeof down>[0])
    const back = await pool.query(`select "title", "key_moments" from "videos" order by "id"`)
    expect(back.rows).toEqual([
      { title: 'ordered', key_moments: [{ timestamp: '0:00', description: 'Start' }, { timestamp: '1:02:03', description: 'Later' }] },
      { title: 'messy', key_moments: [{ timestamp: '2:00', description: 'Trimmed' }, { timestamp: '1:00', description: 'Out of order, kept' }] },
      { title: 'none', key_moments: null },
      { title: 'object', key_moments: null },
    ])
    const tables = await pool.query(`select 1 from information_schema.tables where table_name = 'videos_key_moments'`)
    expect(tables.rows).toHaveLength(0)
  })
})
