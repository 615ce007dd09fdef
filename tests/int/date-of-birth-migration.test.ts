// The date-of-birth migration on data: a scratch database with a `users` table, the migration's
// up() and down() run on it, and the rows looked at directly. Stored at midnight UTC a date of
// birth read one day early in /cms on a New York clock; at noon UTC it reads the day typed.
import { describe, expect, it } from 'vitest'

import { down, up } from '../../cms/migrations/20261127_040000_date_of_birth_noon'
import { useScratchDatabase } from '../helpers/scratch-database'

const scratch = useScratchDatabase('dob_migration', async (pool) => {
  await pool.query(`create table "users" ("id" serial primary key, "username" varchar, "date_of_birth" timestamp(3) with time zone)`)
  await pool.query(`insert into "users" ("username", "date_of_birth") values
    ('registered', '2000-05-10T00:00:00.000Z'), ('picked', '1999-12-31T12:00:00.000Z'), ('none', null)`)
})
const { migrationArgs } = scratch

const dobs = async () =>
  Object.fromEntries(
    (await scratch.pool().query(`select "username", "date_of_birth" from "users" order by "id"`)).rows.map((r: { username: string; date_of_birth: Date | null }) => [
      r.username,
      r.date_of_birth?.toISOString() ?? null,
    ]),
  )

describe('20261127_040000_date_of_birth_noon', () => {
  it('moves dates of birth to noon UTC of their day, and leaves those already there and empty ones alone', async () => {
    await up(migrationArgs())
    expect(await dobs()).toEqual({ registered: '2000-05-10T12:00:00.000Z', picked: '1999-12-31T12:00:00.000Z', none: null })
    // Twice is the same as once.
    await up(migrationArgs())
    expect((await dobs()).registered).toBe('2000-05-10T12:00:00.000Z')
  })

  it('down() puts them back at midnight UTC of the same day', async () => {
    await down(migrationArgs() as unknown as Parameters<typeof down>[0])
    expect(await dobs()).toEqual({ registered: '2000-05-10T00:00:00.000Z', picked: '1999-12-31T00:00:00.000Z', none: null })
  })
})
