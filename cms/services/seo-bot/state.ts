// The bot's running state: one row of the `seo-bot-state` global (table seo_bot_state), changed
// with single SQL statements so two servers, or a run and a click, never overwrite each other.
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { inTransaction, poolDb, transactionDb, type Db } from '../db/transactions'

export type SeoBotState = {
  isRunning: boolean
  startedAt: string | null
  processedThisSession: number
  autoAccept: boolean
  lastRunAt: string | null
  lastRunError: string | null
}

/**
 * How long a run holds the bot without a sign of life (it renews the lease after every video):
 * a run on a server that died frees the bot this long after its last video.
 */
export const RUN_LEASE_SECONDS = 60

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null)

let rowKnown = false

/** The global's one row, made on first use (under a lock: two servers starting together make one). */
async function ensureRow(payload: Payload): Promise<void> {
  if (rowKnown) return
  await inTransaction(payload, async (req) => {
    const db = await transactionDb(payload, req)
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('seo-bot-state'))`)
    await db.execute(sql`
      insert into seo_bot_state (is_running, processed_this_session, auto_accept)
      select false, 0, false where not exists (select 1 from seo_bot_state)`)
  })
  rowKnown = true
}

async function withRow(payload: Payload, db?: Db): Promise<Db> {
  await ensureRow(payload)
  return db ?? poolDb(payload)
}

export async function readState(payload: Payload, db?: Db): Promise<SeoBotState> {
  const { rows } = await (await withRow(payload, db)).execute(sql`
    select is_running, started_at, processed_this_session, auto_accept, last_run_at, last_run_error
    from seo_bot_state order by id limit 1`)
  const row = rows[0] ?? {}
  return {
    isRunning: Boolean(row.is_running),
    startedAt: iso(row.started_at),
    processedThisSession: Number(row.processed_this_session ?? 0),
    autoAccept: Boolean(row.auto_accept),
    lastRunAt: iso(row.last_run_at),
    lastRunError: (row.last_run_error as string | null) ?? null,
  }
}

/** Starts a session (count from zero); false when it was already running. */
export async function markStarted(payload: Payload): Promise<boolean> {
  const { rows } = await (await withRow(payload)).execute(sql`
    update seo_bot_state set is_running = true, started_at = now(), processed_this_session = 0, updated_at = now()
    where not coalesce(is_running, false) returning id`)
  return rows.length > 0
}

/** Ends the session (the count stays, to be seen); false when it was already stopped. */
export async function markStopped(payload: Payload): Promise<boolean> {
  const { rows } = await (await withRow(payload)).execute(sql`
    update seo_bot_state set is_running = false, updated_at = now() where coalesce(is_running, false) returning id`)
  return rows.length > 0
}

export async function setAutoAccept(payload: Payload, autoAccept: boolean): Promise<void> {
  await (await withRow(payload)).execute(sql`update seo_bot_state set auto_accept = ${autoAccept}, updated_at = now()`)
}

export async function addProcessed(payload: Payload, db: Db, count = 1): Promise<void> {
  await withRow(payload)
  await db.execute(sql`update seo_bot_state set processed_this_session = coalesce(processed_this_session, 0) + ${count}`)
}

/**
 * Takes the bot for one run: true when no other run holds it (or its holder's lease ran out,
 * a server that died mid-run). Every server and every queued job goes through this one row.
 */
export async function claimRun(payload: Payload): Promise<boolean> {
  const { rows } = await (await withRow(payload)).execute(sql`
    update seo_bot_state set run_lease_until = now() + make_interval(secs => ${RUN_LEASE_SECONDS})
    where run_lease_until is null or run_lease_until < now() returning id`)
  return rows.length > 0
}

/** A sign of life from the run holding the bot. */
export async function renewRun(payload: Payload): Promise<void> {
  await (await withRow(payload)).execute(sql`
    update seo_bot_state set run_lease_until = now() + make_interval(secs => ${RUN_LEASE_SECONDS}) where run_lease_until is not null`)
}

/**
 * A run job left `processing` by a server that stopped mid-run (its lease ran out, and the job has
 * not moved for as long) goes back to the queue, which runs it again: a restart loses no run.
 */
export async function requeueStuckRuns(payload: Payload, taskSlug: string): Promise<void> {
  await (await withRow(payload)).execute(sql`
    update payload_jobs set processing = false, updated_at = now()
    where task_slug = ${taskSlug} and processing and completed_at is null
      and updated_at < now() - make_interval(secs => ${RUN_LEASE_SECONDS})
      and not exists (select 1 from seo_bot_state where run_lease_until > now())`)
}

/** Gives the bot back after a run, with what happened (an error's reason, or none). */
export async function releaseRun(payload: Payload, error: string | null): Promise<void> {
  await (await withRow(payload)).execute(sql`
    update seo_bot_state set run_lease_until = null, last_run_at = now(), last_run_error = ${error ? error.slice(0, 1000) : null}`)
}
