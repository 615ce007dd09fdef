// The live stream's states (spec §4): scheduled, then live (Go Live), then ended (End Stream).
import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import type { LiveStreamStatus } from '../../../shared/constants'
import { transactionDb } from '../db/transactions'
import { conflict } from '../errors'

export const GO_LIVE_ONLY_WHEN_SCHEDULED = 'Only a scheduled stream can go live.'
export const END_ONLY_WHEN_LIVE = 'Only a live stream can be ended.'
export const ENDED_IS_FINAL = 'This stream has ended; it cannot change status again.'
export const NEW_STREAMS_ARE_SCHEDULED = 'A new stream starts as scheduled.'

/** Why `from` may not become `to`, or null when the move is allowed (or no move at all). */
export function statusMoveRefusal(from: LiveStreamStatus, to: LiveStreamStatus): string | null {
  if (from === to) return null
  if (from === 'ended') return ENDED_IS_FINAL
  if (to === 'live') return from === 'scheduled' ? null : GO_LIVE_ONLY_WHEN_SCHEDULED
  if (to === 'ended') return from === 'live' ? null : END_ONLY_WHEN_LIVE
  // Back to scheduled.
  return from === 'live' ? END_ONLY_WHEN_LIVE : GO_LIVE_ONLY_WHEN_SCHEDULED
}

/**
 * Every door (the site's admin API, /cms, the ingest) moves a stream through here: a refused move
 * is a 409, and the move stamps actualStart or actualEnd. A move is judged from the status read
 * under a lock on the stream's row, in the write's transaction: two Go Lives at once (two tabs,
 * OBS and the button) make one move and one 409, not two stamps of actualStart.
 */
export const enforceStatusMoves: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  if (operation === 'create') {
    if (data.status && data.status !== 'scheduled') throw conflict(NEW_STREAMS_ARE_SCHEDULED)
    return data
  }
  const before = (originalDoc?.status ?? 'scheduled') as LiveStreamStatus
  const to = (data.status ?? before) as LiveStreamStatus
  const committed = to !== before || data.status !== undefined ? await rowUnderLock(req, originalDoc?.id) : undefined
  const from = committed?.status ?? before
  if (committed && committed.status !== before) {
    // Another write moved it since this one read it: its stamps stand, not this copy's older ones.
    data.actualStart = committed.actualStart
    data.actualEnd = committed.actualEnd
  }
  const refusal = statusMoveRefusal(from, to)
  if (refusal) throw conflict(refusal)
  if (from !== to && to === 'live') data.actualStart = new Date().toISOString()
  if (from !== to && to === 'ended') {
    data.actualEnd = new Date().toISOString()
    data.publishing = false
  }
  return data
}

/** The stream's status and stamps as committed, its row locked until the write's transaction ends. */
async function rowUnderLock(req: PayloadRequest, id: unknown): Promise<{ status: LiveStreamStatus; actualStart: string | null; actualEnd: string | null } | undefined> {
  if (typeof id !== 'number' && typeof id !== 'string') return undefined
  const db = await transactionDb(req.payload, req)
  const { rows } = await db.execute(sql`select status, actual_start, actual_end from live_streams where id = ${id} for no key update`)
  const row = rows[0]
  if (!row) return undefined
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : typeof value === 'string' ? new Date(value).toISOString() : null)
  return { status: row.status as LiveStreamStatus, actualStart: iso(row.actual_start), actualEnd: iso(row.actual_end) }
}
