import path from 'node:path'

import { prepareEnvironment, ROOT } from './environment'
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
      const { admin } = await seed(payload)
      await copySeededMediaToBucket()
      announceAdmin(admin)
    }
    await closePayload(payload)
  } finally {
    await env.embedded?.stop()
  }
  process.exit(0)
}

/**
 * The demo videos' stills and clips are drawn into DATA_DIR/media; with media in a bucket
 * (S3_BUCKET), the media door reads them from there, so they go there too (as media:migrate would).
 */
async function copySeededMediaToBucket() {
  const { objectStore } = await import('../cms/services/media/object-store')
  if (!objectStore()) return
  const { migrateMedia } = await import('./media-migrate')
  const counts = await migrateMedia(path.resolve(ROOT, process.env.DATA_DIR ?? '.data'), () => undefined)
  if (counts.failed > 0) throw new Error(`${counts.failed} of the demo media files could not be copied to the bucket`)
  logger.info({ copied: counts.copied }, 'demo media copied to the bucket')
}

main().catch((err) => {
  logger.error({ err }, 'seed failed')
  process.exit(1)
})
