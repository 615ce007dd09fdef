import { randomBytes } from 'node:crypto'
import path from 'node:path'

import pg from 'pg'

import { startEmbeddedPostgres } from '../../server/embedded-postgres'

export const ROOT = path.resolve(import.meta.dirname, '../..')

export type TestDatabase = { url: string; dispose: () => Promise<void> }

/**
 * A brand-new database for one test run: on TEST_DATABASE_URL's server when given (a URL to
 * its maintenance database, e.g. postgres://postgres@127.0.0.1:5432/postgres), otherwise on an
 * embedded PostgreSQL kept in .data/test (started here, stopped by dispose).
 */
export async function createTestDatabase(baseLabel: string): Promise<TestDatabase> {
  const label = runLabel(baseLabel)
  const embedded = process.env.TEST_DATABASE_URL ? null : await startEmbeddedPostgres(path.join(ROOT, '.data/test', label))
  const adminUrl = process.env.TEST_DATABASE_URL ?? embedded!.adminUrl
  const name = `test_${label}_${Date.now()}_${randomBytes(3).toString('hex')}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase()
  await query(adminUrl, `create database "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    dispose: async () => {
      await query(adminUrl, `drop database if exists "${name}" with (force)`).catch(() => undefined)
      await embedded?.stop()
    },
  }
}

/** Runs one statement on its own connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function query(connectionString: string, sql: string) {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** Test folders are per suite and per BUILD_NAME, so suites of separate builds can run at once. */
export const runLabel = (label: string) => (process.env.BUILD_NAME ? `${label}-${process.env.BUILD_NAME.replace(/[^a-z0-9_-]/gi, '')}` : label)
