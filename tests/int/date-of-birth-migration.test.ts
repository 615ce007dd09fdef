// The date-of-birth migration on data: a scratch database with a `users` table, the migration's
// up() and down() run on it, and the rows looked at directly. Stored at midnight UTC a date of
// birth read one day early in /cms on a New York clock; at noon UTC it reads the day typed.
import { randomBytes } from 'node:crypto'

import { drizzle } from '@payloadcms/db-postgres/drizzle/node-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { down, up } from '../../cms/migrations/20261127_040000_date_of_birth_noon'

const name = `dob_migration_${randomBytes(4).toString('hex')}`
const serverUrl = inject('databaseUrl')
const scratchUrl = (() => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
})()

async function run(connectionString: string, text: string) {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end()
  }
}

let pool: pg.Pool
// Only what the migration reads: drizzle on this pool, as Payload hands it.
const migrationArgs = () => ({ db: drizzle(pool) }) as unknown as Parameters<typeof up>[0]

beforeAll(async () => {
  await run(serverUrl, `create database "${name}"`)
  pool = new pg.Pool({ connectionString: scratchUrl, max: 1 })
  await pool.query(`create table "users" ("id" serial primary key, "username" varchar, "date_of_birth" timestamp(3) with time zone)`)
  await pool.query(`insert into "users" ("username", "date_of_birth") values
    ('registered', '2000-05-10T00:00:00.000Z'), ('picked', '1999-12-31T12:00:00.000Z'), ('none', null)`)
})

afterAll(async () => {
  await pool?.end()
  await run(serverUrl, `drop database if exists "${name}" with (force)`)
})

const dobs = async () =>
  Object.fromEntries(
    (await pool.query(`select "username", "date_of_birth" from "users" order by "id"`)).rows.map((r: { username: string; date_of_birth: Date | null }) => [
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
