import { prepareEnvironment } from './environment'
import { logger } from './logger'

/** `npm run seed`: loads the demo content into an empty database (refuses to touch a non-empty one). */
async function main() {
  const env = await prepareEnvironment()
  try {
    const { initPayload, announceAdmin, closePayload } = await import('./payload')
    const payload = await initPayload({ seedIfEmpty: false })
    const { totalDocs } = await payload.count({ collection: 'users', overrideAccess: true })
    if (totalDocs > 0) {
      logger.warn('the database already has accounts; nothing seeded (delete .data/ for a fresh start)')
    } else {
      const { seed } = await import('../cms/seed')
      announceAdmin((await seed(payload)).admin)
    }
    await closePayload(payload)
  } finally {
    await env.embedded?.stop()
  }
  process.exit(0)
}

main().catch((err) => {
  logger.error({ err }, 'seed failed')
  process.exit(1)
})
