import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/**
 * Regenerates payload-types.ts and the admin import map and fails when either changes: a
 * collection change must ship with its generated files. (The regenerated versions are left
 * in place, ready to commit.)
 */
const files = ['cms/payload-types.ts', 'cms/app/(payload)/cms/importMap.js']
const read = () => files.map((file) => readFileSync(file, 'utf8'))
const before = read()
const env = { ...process.env, PAYLOAD_CONFIG_PATH: 'payload.config.ts', PAYLOAD_SECRET: 'check', DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused' }
for (const command of ['generate:types', 'generate:importmap']) {
  execFileSync('payload', [command], { env, stdio: ['ignore', 'ignore', 'inherit'] })
}
const stale = read()
  .map((text, i) => (text === before[i] ? null : files[i]))
  .filter(Boolean)
if (stale.length) {
  console.error(`Generated files were out of date (now regenerated; commit them): ${stale.join(', ')}`)
  process.exit(1)
}
console.log('generated files are up to date')
