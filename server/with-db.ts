import { spawn } from 'node:child_process'

import { prepareEnvironment } from './environment'

/**
 * `tsx server/with-db.ts <command…>`: runs a command (the Payload CLI, say) with DATABASE_URL
 * and PAYLOAD_SECRET set, starting the embedded PostgreSQL first when there is no DATABASE_URL.
 */
// A database of its own, so tooling never touches a running server's .data/postgres.
process.env.DATA_DIR ??= '.data/tooling'
const env = await prepareEnvironment()
const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('usage: tsx server/with-db.ts <command> [args…]')
  process.exit(2)
}
const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, PAYLOAD_CONFIG_PATH: 'payload.config.ts' } })
const code: number = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)))
await env.embedded?.stop()
process.exit(code)
