// The grace period: when OBS disconnects, the stream stays live for LIVE_END_GRACE_SECONDS so a
// reconnect continues it; without one, it ends. Durable: the end is a queued job due at the end of
// the grace (it runs even if this process dies), and an in-process timer calls the same idempotent
// function so the stream ends on time rather than at the queue's next tick.
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { inTransaction, transactionDb } from '../db/transactions'
import { LIVE_GRACE_END_TASK, queueLiveJob } from './jobs'
import { publishLockHeld } from './publish-lock'

export const DEFAULT_GRACE_SECONDS = 30

/** LIVE_END_GRACE_SECONDS (default 30; 0 ends a stream as soon as its publisher leaves). */
export function graceSeconds(): number {
  const raw = process.env.LIVE_END_GRACE_SECONDS
  const value = raw === undefined || raw.trim() === '' ? DEFAULT_GRACE_SECONDS : Number(raw)
  return Number.isFinite(value) && value >= 0 ? value : DEFAULT_GRACE_SECONDS
}

export type GraceOutcome = 'ended' | 'publishing' | 'not-live' | 'waiting'

/** Whether a stream in this state is due to end (pure: the rule the function below applies). */
export function graceIsOver(row: { status: string; publishing: boolean | null; lastPublishEndedAt: Date | null }, now: Date, seconds = graceSeconds()): GraceOutcome | 'due' {
  if (row.status !== 'live') return 'not-live'
  if (row.publishing) return 'publishing'
  if (!row.lastPublishEndedAt) return 'waiting'
  return now.getTime() - row.lastPublishEndedAt.getTime() >= seconds * 1000 ? 'due' : 'waiting'
}

/**
 * Ends stream `streamId` if its publisher left at least the grace period ago and nobody publishes
 * now. Idempotent (the job and the timer both call it): the row is locked, so of two callers only
 * one moves it, through payload.update so the status rules and hooks (actualEnd, the replay) apply.
 */
export async function endStreamIfGraceOver(payload: Payload, streamId: number, now = new Date()): Promise<GraceOutcome> {
  if (await publishLockHeld(payload, streamId)) return 'publishing'
  return inTransaction(payload, async (req) => {
    const db = await transactionDb(payload, req)
    const { rows } = await db.execute(sql`select status, publishing, last_publish_ended_at from live_streams where id = ${streamId} for update`)
    const row = rows[0] as { status: string; publishing: boolean | null; last_publish_ended_at: Date | string | null } | undefined
    if (!row) return 'not-live'
    const ended = row.last_publish_ended_at ? new Date(row.last_publish_ended_at) : null
    const verdict = graceIsOver({ status: row.status, publishing: row.publishing, lastPublishEndedAt: ended }, now)
    if (verdict !== 'due') return verdict
    // overrideAccess: the ingest's own bookkeeping; the status move is still checked by the hook.
    await payload.update({ collection: 'live-streams', id: streamId, data: { status: 'ended' }, depth: 0, overrideAccess: true, req })
    payload.logger.info({ event: 'live_stream_ended', streamId, by: 'grace' }, 'live stream ended after its grace period')
    return 'ended'
  })
}

const timers = new Map<number, NodeJS.Timeout>()

/** Queues the durable end at `from` + grace and sets the prompt in-process timer for it. */
export async function scheduleGraceEnd(payload: Payload, streamId: number, from = new Date()): Promise<void> {
  const due = new Date(from.getTime() + graceSeconds() * 1000)
  cancelGraceTimer(streamId)
  // A little after the due time: the check compares with the stored end of the publish.
  const timer = setTimeout(() => {
    timers.delete(streamId)
    void endStreamIfGraceOver(payload, streamId).catch((err: unknown) => payload.logger.warn({ err, streamId }, 'live grace end failed'))
  }, Math.max(0, due.getTime() - Date.now()) + 250)
  timer.unref()
  timers.set(streamId, timer)
  await queueLiveJob(payload, LIVE_GRACE_END_TASK, streamId, { waitUntil: due })
}

/** A new publish within the grace: this process's timer is not needed (the job finds it publishing). */
export function cancelGraceTimer(streamId: number): void {
  const timer = timers.get(streamId)
  if (timer) clearTimeout(timer)
  timers.delete(streamId)
}
