// Who is watching, counted from playback (the player's playlist requests), not page loads. Each
// request of a signed-in viewer moves (stream, `user:<id>`)'s lastSeenAt in live-stream-viewers
// (at most every few seconds per viewer per process); a short interval in every server process
// writes viewerCount (seen in the last VIEWER_WINDOW_SECONDS) and the peak maxViewers. The SQL is
// safe with several processes: the upsert is keyed by the unique index, the peak only grows.
import type { Payload } from 'payload'

import { publishStreamEvent } from './events'
import { publishLockHeld } from './publish-lock'
import { scheduleGraceEnd } from './grace'
import { pgPool } from '../db/pool'

/** A viewer counts while their player asked for the playlist this recently (players ask every segment). */
export const VIEWER_WINDOW_SECONDS = 15
/** One process writes a viewer's lastSeenAt at most this often. */
export const VIEWER_WRITE_EVERY_MS = 5_000
/** How often each process recounts live streams' viewers. */
export const VIEWER_COUNT_EVERY_MS = 5_000


export const viewerKeyOf = (userId: number | string): string => `user:${userId}`

/**
 * The last write per (stream, viewer) in this process, forgotten once older than the window. Per
 * process on purpose: it only spares writes (the viewer rows are the shared count); a viewer whose
 * requests reach two processes is written by each at most once per interval, and counted once.
 */
const lastWrites = new Map<string, number>()

/** Whether this process should write this viewer's lastSeenAt now (pure apart from the map). */
export function shouldRecord(key: string, now: number, seen: Map<string, number> = lastWrites): boolean {
  const last = seen.get(key)
  if (last !== undefined && now - last < VIEWER_WRITE_EVERY_MS) return false
  seen.set(key, now)
  if (seen.size > 50_000) for (const [k, at] of seen) if (now - at > VIEWER_WINDOW_SECONDS * 1000) seen.delete(k)
  return true
}

/** A signed-in viewer's player asked for stream `streamId`'s playlist. Never throws (counting is best effort). */
export async function recordViewer(payload: Payload, streamId: number, userId: number | string): Promise<void> {
  const viewerKey = viewerKeyOf(userId)
  if (!shouldRecord(`${streamId}:${viewerKey}`, Date.now())) return
  await pgPool(payload)
    .query(
      `insert into live_stream_viewers (stream_id, viewer_key, last_seen_at) values ($1, $2, now())
       on conflict (stream_id, viewer_key) do update set last_seen_at = excluded.last_seen_at, updated_at = now()`,
      [streamId, viewerKey],
    )
    .catch((err: unknown) => payload.logger.warn({ err, streamId }, 'live viewer not recorded'))
}

/** Writes every live stream's viewerCount and raises its maxViewers to it (derived numbers: plain SQL). */
export async function refreshViewerCounts(payload: Payload): Promise<void> {
  const { rows } = await pgPool(payload).query<{ id: number; viewer_count: number; max_viewers: number }>(
    `update live_streams s set viewer_count = c.n, max_viewers = greatest(coalesce(s.max_viewers, 0), c.n)
       from (select l.id, (select count(*) from live_stream_viewers v
                            where v.stream_id = l.id and v.last_seen_at > now() - make_interval(secs => $1)) as n
               from live_streams l where l.status = 'live') c
      where s.id = c.id and (s.viewer_count is distinct from c.n or c.n > coalesce(s.max_viewers, 0))
      returning s.id, s.viewer_count, s.max_viewers`,
    [VIEWER_WINDOW_SECONDS],
  )
  // Players' headers follow at once; only the process whose update changed a row tells them.
  for (const row of rows) {
    await publishStreamEvent(payload, row.id, { type: 'viewers', viewerCount: Number(row.viewer_count), maxViewers: Number(row.max_viewers) }).catch((err: unknown) =>
      payload.logger.warn({ err, streamId: row.id }, 'live viewer count not announced'),
    )
  }
}

/**
 * A server that died while OBS was connected left its stream marked publishing, with nobody
 * holding the publish lock: that publish has ended, and its grace period starts now.
 */
export async function sweepDeadPublishers(payload: Payload): Promise<void> {
  const { rows } = await pgPool(payload).query<{ id: number }>("select id from live_streams where status = 'live' and publishing = true")
  for (const { id } of rows) {
    if (await publishLockHeld(payload, id)) continue
    const now = new Date()
    await payload.update({ collection: 'live-streams', id, data: { publishing: false, lastPublishEndedAt: now.toISOString() }, depth: 0, overrideAccess: true })
    payload.logger.warn({ event: 'live_publisher_lost', streamId: id }, 'live publisher lost with its server: grace period started')
    await scheduleGraceEnd(payload, id, now)
  }
}

/** The per-process interval: viewer counts and lost publishers. Returns its stop. */
export function startLiveMonitor(payload: Payload, everyMs = VIEWER_COUNT_EVERY_MS): () => void {
  let running = false
  const tick = async () => {
    if (running) return
    running = true
    try {
      await refreshViewerCounts(payload)
      await sweepDeadPublishers(payload)
    } catch (err) {
      payload.logger.warn({ err }, 'live monitor tick failed')
    } finally {
      running = false
    }
  }
  const timer = setInterval(() => void tick(), everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
