// The key-moments migration on data: a scratch database shaped like `videos` before it, the
// migration's up() and down() run on it, and the rows looked at directly.
import { describe, expect, it } from 'vitest'

import { down, up } from '../../cms/migrations/20261125_044436_key_moments_rows'
import { useScratchDatabase } from '../helpers/scratch-database'

const scratch = useScratchDatabase('km_migration', async (pool) => {
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
const { migrationArgs } = scratch

const rowsOf = async (title: string) =>
  (
    await scratch.pool().query(
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
    const columns = await scratch.pool().query(`select column_name from information_schema.columns where table_name = 'videos'`)
    expect(columns.rows.map((c) => c.column_name)).not.toContain('key_moments')

    await down(migrationArgs() as unknown as Parameters<typeof down>[0])
    const back = await scratch.pool().query(`select "title", "key_moments" from "videos" order by "id"`)
    expect(back.rows).toEqual([
      { title: 'ordered', key_moments: [{ timestamp: '0:00', description: 'Start' }, { timestamp: '1:02:03', description: 'Later' }] },
      { title: 'messy', key_moments: [{ timestamp: '2:00', description: 'Trimmed' }, { timestamp: '1:00', description: 'Out of order, kept' }] },
      { title: 'none', key_moments: null },
      { title: 'object', key_moments: null },
    ])
    const tables = await scratch.pool().query(`select 1 from information_schema.tables where table_name = 'videos_key_moments'`)
    expect(tables.rows).toHaveLength(0)
  })
})
