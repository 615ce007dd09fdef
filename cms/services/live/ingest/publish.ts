// The stream rows a publish reads and moves: which stream a key opens, going live (or continuing
// after a reconnect), and the end of a publish (the grace period starts).
import type { Payload } from 'payload'

import { RTMP_APP } from '../../../../shared/constants'
import { STREAM_KEY_PATTERN } from '../stream-key'

export type PublishTarget = { id: number; title: string; status: string }

/**
 * The stream a publish to `app`/`name` opens: app `live`, and a name that is the key of an OBS
 * stream not yet ended. Null for anything else (the caller refuses it).
 */
export async function findPublishTarget(payload: Payload, app: string, name: string): Promise<PublishTarget | null> {
  if (app !== RTMP_APP || !STREAM_KEY_PATTERN.test(name)) return null
  // overrideAccess: the ingest is the door here; the key itself is the publisher's credential.
  const { docs } = await payload.find({
    collection: 'live-streams',
    where: { and: [{ streamKey: { equals: name } }, { platform: { equals: 'obs' } }, { status: { not_equals: 'ended' } }] },
    select: { title: true, status: true },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: true,
  })
  const doc = docs[0]
  return doc ? { id: doc.id, title: doc.title, status: doc.status } : null
}

/** A publish began: a scheduled stream goes live (status rules and hooks apply); a live one continues. */
export async function markPublishStarted(payload: Payload, stream: PublishTarget): Promise<boolean> {
  const doc = await payload.update({
    collection: 'live-streams',
    id: stream.id,
    data: { ...(stream.status === 'scheduled' ? { status: 'live' as const } : {}), publishing: true, lastPublishEndedAt: null },
    depth: 0,
    overrideAccess: true,
  })
  // Ended by an admin between the key check and now: the publish is refused.
  return doc.status === 'live'
}

/** A publish ended: the grace period runs from now. */
export async function markPublishEnded(payload: Payload, streamId: number, at: Date): Promise<void> {
  await payload.update({ collection: 'live-streams', id: streamId, data: { publishing: false, lastPublishEndedAt: at.toISOString() }, depth: 0, overrideAccess: true })
}

/** The stream's status now (an admin's End Stream disconnects the publisher). */
export async function currentStatus(payload: Payload, streamId: number): Promise<string | null> {
  const doc = await payload.findByID({ collection: 'live-streams', id: streamId, select: { status: true }, depth: 0, disableErrors: true, overrideAccess: true })
  return doc?.status ?? null
}
