// Payload's jobs queue made safe for several server processes on one database (house rules 15 and
// 16; terms in ./README.md). Payload 3.90 claims jobs by reading the runnable rows and then
// setting `processing` on each (drizzle's updateJobs: a select, then updates by id, no condition),
// and queues scheduled runs after counting the waiting ones: two processes ticking together would
// both claim the same job, or both queue the same scheduled run. Here:
// - every claim takes one transaction-level advisory lock first, so claims follow one another and
//   each sees the rows the previous one claimed (READ COMMITTED: the claim's select starts after
//   the lock is granted);
// - scheduling (handleSchedules) runs under a session-level advisory lock, one process at a time;
// - a claimed job holds a lease: its row's updated_at, renewed while its process runs it. A job
//   whose lease has run out (its process died mid-run) goes back to the queue at the next claim.
import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { pgPool } from '../db/pool'
import { transactionDb } from '../db/transactions'

/** Advisory-lock namespace of the jobs queue ('jb'); the transcode's is 0x7472, uploads' 0x7475. */
export const JOBS_LOCK_SPACE = 0x6a62
const CLAIM_LOCK = 1
const SCHEDULE_LOCK = 2

/** Transcodes keep their own lease and recovery (video-transcode/task.ts), which queues a new job. */
const OWN_RECOVERY = ['videoTranscode']

/** How long a claimed job's row may go unrenewed before its process is taken for dead. */
export const jobLeaseSeconds = () => Math.max(3, Number(process.env.JOBS_LEASE_SECONDS) || 90)

type ClaimArgs = { id?: number | string; data: Record<string, unknown>; req?: Partial<PayloadRequest> }
type UpdateJobs = (args: ClaimArgs) => Promise<Array<{ id: number | string }> | null>

type LeaseState = { running: Set<number | string>; timer: ReturnType<typeof setInterval> | null; payload: Payload | null }
const KEY = Symbol.for('app.jobLeases')
const leases = (): LeaseState => {
  const global = globalThis as Record<symbol, LeaseState | undefined>
  return (global[KEY] ??= { running: new Set(), timer: null, payload: null })
}

/** Installed by server/payload.ts as getPayload's onInit, before the queue's first tick. */
export function guardJobsAcrossProcesses(payload: Payload): void {
  const db = payload.db as unknown as { updateJobs: UpdateJobs }
  const updateJobs = db.updateJobs.bind(payload.db)
  const state = leases()
  db.updateJobs = async (args) => {
    const claiming = args.data?.processing === true
    const req = args.req as PayloadRequest | undefined
    if (claiming && (!req || (await req.transactionID) === undefined)) {
      // Payload's updateJobs opens one for every claim on PostgreSQL; without it the lock would not hold.
      payload.logger.error('a job claim outside a transaction: claimed without the claim lock')
    } else if (claiming && req) {
      const tx = await transactionDb(payload, req)
      await tx.execute(sql`select pg_advisory_xact_lock(${JOBS_LOCK_SPACE}, ${CLAIM_LOCK})`)
      await reclaimAbandonedJobs(payload, tx)
      // A claim by id (runByID) claims nothing another process is running.
      if (args.id !== undefined) {
        const { rows } = await tx.execute(sql`select 1 from payload_jobs where id = ${args.id} and processing`)
        if (rows.length) return []
      }
    }
    const result = await updateJobs(args)
    if (claiming) for (const job of result ?? []) state.running.add(job.id)
    else if (args.id !== undefined && (args.data?.processing === false || args.data?.completedAt)) state.running.delete(args.id)
    return result
  }

  const handleSchedules = payload.jobs.handleSchedules.bind(payload.jobs)
  let inProcess: Promise<unknown> = Promise.resolve()
  payload.jobs.handleSchedules = (args) => {
    // One connection per process waits for the lock; this process's queues take turns before it.
    const run = inProcess.then(() => withSessionLock(payload, SCHEDULE_LOCK, () => handleSchedules(args)))
    inProcess = run.catch(() => undefined)
    return run
  }

  state.payload = payload
  if (!state.timer) {
    state.timer = setInterval(() => void renewLeases(), (jobLeaseSeconds() * 1000) / 3)
    state.timer.unref()
  }
}

async function withSessionLock<T>(payload: Payload, key: number, work: () => Promise<T>): Promise<T> {
  const client = await pgPool(payload).connect()
  let broken: Error | undefined
  try {
    await client.query('select pg_advisory_lock($1, $2)', [JOBS_LOCK_SPACE, key])
    try {
      return await work()
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', [JOBS_LOCK_SPACE, key]).catch((error: Error) => (broken = error))
    }
  } catch (error) {
    broken ??= error instanceof Error ? error : new Error(String(error))
    throw error
  } finally {
    // A connection that may still hold the lock is closed, which lets go of it.
    client.release(broken)
  }
}

/** Renews the lease of every job this process is running; rows no longer processing drop out. */
async function renewLeases(): Promise<void> {
  const state = leases()
  if (!state.payload || state.running.size === 0) return
  const ids = [...state.running]
  try {
    const { rows } = await pgPool(state.payload).query<{ id: number | string }>(
      'update payload_jobs set updated_at = now() where id = any($1) and processing and completed_at is null returning id',
      [ids],
    )
    const alive = new Set(rows.map((row) => String(row.id)))
    for (const id of ids) if (!alive.has(String(id))) state.running.delete(id)
  } catch (err) {
    state.payload.logger.warn({ err }, 'renewing the leases of running jobs failed')
  }
}

/**
 * Puts back in the queue the jobs whose process stopped mid-run (a lease not renewed for
 * JOBS_LEASE_SECONDS): run again from the start, as Payload runs a retry. Runs under the claim lock.
 */
async function reclaimAbandonedJobs(payload: Payload, tx: Awaited<ReturnType<typeof transactionDb>>): Promise<void> {
  const { rows } = await tx.execute(sql`
    update payload_jobs set processing = false, updated_at = now()
     where processing and completed_at is null
       and updated_at < now() - make_interval(secs => ${jobLeaseSeconds()})
       and (task_slug is null or task_slug::text <> all(${`{${OWN_RECOVERY.join(',')}}`}::text[]))
    returning id, task_slug`)
  if (rows.length) {
    payload.logger.warn({ event: 'jobs_reclaimed', jobs: rows.map((row) => ({ id: row.id, task: row.task_slug })) }, 'jobs left running by a stopped server go back to the queue')
  }
}

/** Stops renewing leases (shutdown): jobs cut off by it are picked up again once their lease runs out. */
export function stopJobLeases(): void {
  const state = leases()
  if (state.timer) clearInterval(state.timer)
  state.timer = null
  state.payload = null
  state.running.clear()
}
