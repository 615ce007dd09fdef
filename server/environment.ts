import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { s3Config } from '../cms/services/media/s3-config'
import { writeFileAtomicSync } from './atomic-write'
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres'

export const ROOT = path.resolve(import.meta.dirname, '..')

export type Environment = { port: number; dataDir: string; embedded: EmbeddedDatabase | null }

/**
 * Fills in everything the quick start must not ask for: a data folder, a persisted Payload
 * secret and, without DATABASE_URL, an embedded PostgreSQL. Runs before Payload is imported.
 */
export async function prepareEnvironment(): Promise<Environment> {
  process.env.NEXT_TELEMETRY_DISABLED = '1'
  process.env.ASTRO_TELEMETRY_DISABLED = '1'
  // A partial object-storage setup stops the start here, naming what it lacks (S3_* variables).
  s3Config()
  const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data')
  process.env.DATA_DIR = dataDir
  fs.mkdirSync(dataDir, { recursive: true })

  if (!process.env.PAYLOAD_SECRET) {
    const file = path.join(dataDir, 'payload-secret')
    const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : ''
    // Written whole or not at all (a full disk once left an empty secret file behind).
    if (!existing) writeFileAtomicSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600 })
    process.env.PAYLOAD_SECRET = existing || fs.readFileSync(file, 'utf8').trim()
  }

  const port = Number(process.env.PORT ?? 3000)
  process.env.SERVER_URL ??= `http://localhost:${port}`

  let embedded: EmbeddedDatabase | null = null
  if (!process.env.DATABASE_URL) {
    embedded = await startEmbeddedPostgres(dataDir)
    process.env.DATABASE_URL = embedded.url
    // For servers started with DATABASE_URL against this cluster (README: a second process).
    writeFileAtomicSync(path.join(dataDir, 'database-url'), embedded.url + '\n', { mode: 0o600 })
  }
  return { port, dataDir, embedded }
}
