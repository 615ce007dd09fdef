// The live stream's states (spec §4): scheduled, then live (Go Live), then ended (End Stream).
import type { CollectionBeforeChangeHook } from 'payload'

import type { LiveStreamStatus } from '../../../shared/constants'
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
 * is a 409, and the move stamps actualStart or actualEnd.
 */
export const enforceStatusMoves: CollectionBeforeChangeHook = ({ data, originalDoc, operation }) => {
  if (operation === 'create') {
    if (data.status && data.status !== 'scheduled') throw conflict(NEW_STREAMS_ARE_SCHEDULED)
    return data
  }
  const from = (originalDoc?.status ?? 'scheduled') as LiveStreamStatus
  const to = (data.status ?? from) as LiveStreamStatus
  const refusal = statusMoveRefusal(from, to)
  if (refusal) throw conflict(refusal)
  if (from !== to && to === 'live') data.actualStart = new Date().toISOString()
  if (from !== to && to === 'ended') {
    data.actualEnd = new Date().toISOString()
    data.publishing = false
  }
  return data
}
