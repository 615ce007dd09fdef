// A throwaway database beside the suite's, for running one migration's up() and down() on data
// shaped as it was before that migration: created before the file's tests, dropped after them.
import { randomBytes } from 'node:crypto'

import { drizzle } from '@payloadcms/db-postgres/drizzle/node-postgres'
import type { MigrateUpArgs } from '@payloadcms/db-postgres'
import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'

import { query as runOn } from './test-database'

/**
 * Registers beforeAll/afterAll for a database named `{prefix}_{random}` on the suite's server;
 * `setup` shapes it. `pool()` is its one-connection pool; `migrationArgs()` is what a migration
 * reads of Payload's arguments: drizzle on that pool, as Payload hands it.
 */
export function useScratchDatabase(prefix: string, setup: (pool: pg.Pool) => Promise<void>) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  let pool: pg.Pool | undefined
  beforeAll(async () => {
    const serverUrl = inject('databaseUrl')
    await runOn(serverUrl, `create database "${name}"`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    pool = new pg.Pool({ connectionString: url.toString(), max: 1 })
    await setup(pool)
  })
  afterAll(async () => {
    await pool?.end()
    await runOn(inject('databaseUrl'), `drop database if exists "${name}" with (force)`)
  })
  const current = () => {
    if (!pool) throw new Error('the scratch database is not ready yet')
    return pool
  }
  return { pool: current, migrationArgs: () => ({ db: drizzle(current()) }) as unknown as MigrateUpArgs }
}
