import type { SanitizedConfig } from 'payload'

const LOCKS = 'payload-locked-documents'

/**
 * Scheduled tasks make Payload add its `payload-jobs-stats` global (when each schedule last
 * queued a run) without `lockDocuments: false`, and one lockable global brings back the whole
 * document-locks collection that the site closed (migration no_document_locks: any member could
 * write it). The stats global is written by the scheduler through the database adapter only, so
 * it needs no lock: this turns it off and drops the collection again, after Payload's sanitising.
 * Payload's operations check for the collection before using it (checkDocumentLockStatus,
 * find and findOne's lock status).
 */
export function withoutJobStatsLocks(config: SanitizedConfig): SanitizedConfig {
  const isLocks = (collection: { slug: string }) => collection.slug === LOCKS
  for (const global of config.globals) global.lockDocuments = false
  if (config.collections.every((collection) => isLocks(collection) || collection.lockDocuments === false)) {
    config.collections = config.collections.filter((collection) => !isLocks(collection))
  }
  return config
}
