import { execFileSync } from 'node:child_process'

/**
 * Regenerates payload-types.ts and the admin import map and fails when either differs from
 * what is committed: a collection change must ship with its generated files.
 */
const files = ['cms/payload-types.ts', 'cms/app/(payload)/cms/importMap.js']
const env = { ...process.env, PAYLOAD_CONFIG_PATH: 'payload.config.ts', PAYLOAD_SECRET: 'check', DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused' }
for (const command of ['generate:types', 'generate:importmap']) {
  execFileSync('payload', [command], { env, stdio: ['ignore', 'ignore', 'inherit'] })
}
const diff = execFileSync('git', ['status', '--porcelain', '--', ...files], { encoding: 'utf8' })
if (diff.trim()) {
  console.error(`Generated files are out of date; commit the regenerated versions:\n${diff}`)
  process.exit(1)
}
console.log('generated files are up to date')
