import type { Payload } from 'payload'

/** The advisory-lock namespace of job claims (the first key of pg_advisory_xact_lock's pair). */
const JOB_CLAIM_LOCK_SPACE = 0x6a62 // 'jb'

type ClaimArgs = { id?: unknown; data?: { processing?: unknown }; req?: { transactionID?: unknown } }
type Session = { db: { execute: (query: unknown) => Promise<unknown> } }
type Adapter = { updateJobs: (args: ClaimArgs) => Promise<unknown>; sessions?: Record<string, Session> }

/**
 * Payload claims jobs by reading the due rows and then marking them `processing` in one
 * transaction, without locking them: two runners at once (the cron tick and an admin's "run
 * now", or two servers) can both claim the same job, run it twice, and the second one's
 * bookkeeping then fails on the row the first one deleted (the run answers 500). Claims therefore
 * take a transaction-level advisory lock first: they run one after another, each reading only
 * after the previous claim committed, so a job is claimed once. The lock lasts for the claim
 * only (milliseconds), not for the job.
 */
export function serialiseJobClaims(payload: Payload): void {
  const adapter = payload.db as unknown as Adapter
  const claim = adapter.updateJobs.bind(adapter)
  adapter.updateJobs = async (args) => {
    if (args.id === undefined && args.data?.processing === true) {
      const session = adapter.sessions?.[String(await args.req?.transactionID)]
      if (session) {
        const { sql } = await import('@payloadcms/db-postgres')
        await session.db.execute(sql`select pg_advisory_xact_lock(${JOB_CLAIM_LOCK_SPACE}, 0)`)
      }
    }
    return claim(args)
  }
}
