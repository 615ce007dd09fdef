import path from 'node:path'

import express from 'express'

import { prepareEnvironment, ROOT } from './environment'
import { logger } from './logger'

/**
 * `npm run dev`: the same one-port layout as production, with Next.js (the admin) and Astro
 * (the site) in development mode and hot reload. Its data lives in .data/dev, and the schema
 * follows the collections directly (Payload's `push`), so experiments never touch the
 * migrated database that `npm start` uses. Ship schema changes with `npm run migrate:create`.
 */
process.env.DATA_DIR ??= path.join(ROOT, '.data/dev')
process.env.PAYLOAD_DB_PUSH ??= 'true'
const env = await prepareEnvironment()

const { initPayload, closePayload } = await import('./payload')
const payload = await initPayload({ runJobs: true })

const { default: next } = await import('next')
const nextApp = next({ dev: true, dir: path.join(ROOT, 'cms') })
await nextApp.prepare()
const nextHandler = nextApp.getRequestHandler()

const { dev } = await import('astro')
const astro = await dev({ root: ROOT, logLevel: 'warn', server: { port: env.port + 1, host: '127.0.0.1' } })

const app = express()
app.use('/media/thumbnails', express.static(path.join(env.dataDir, 'media/thumbnails')))
app.all(['/cms', '/cms/{*rest}', '/_next/{*rest}', '/__nextjs{*rest}'], (req, res) => void nextHandler(req, res))
app.use((req, res) => astro.handle(req, res))
const server = app.listen(env.port, () => logger.info({ url: `http://localhost:${env.port}` }, 'dev server is up (admin at /cms)'))

const stop = async () => {
  server.close()
  await astro.stop()
  await closePayload(payload)
  await env.embedded?.stop()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
