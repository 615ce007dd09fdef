// When the player sends a progress beat (POST /api/videos/{videoId}/progress). The server counts
// forward play between beats that fits real time, so beats only need to be regular, not frequent;
// it allows 30 a minute per member.

/** A beat about every 10 s while playing. */
export const PROGRESS_BEAT_MS = 10_000
/** A pause or the end sends one at once, but never closer than this to the previous one. */
export const MIN_FORCED_BEAT_GAP_MS = 3_000

export function shouldBeat(now: number, lastBeatAt: number, position: number, force = false): boolean {
  if (!Number.isFinite(position) || position < 0) return false
  return now - lastBeatAt >= (force ? MIN_FORCED_BEAT_GAP_MS : PROGRESS_BEAT_MS)
}

/**
 * A forced beat (a pause, the end) that came too soon after the last beat is sent after this many
 * ms, when the gap allows it: a clip shorter than the beat interval ends between beats, and its
 * end must still reach the server or it is never seen played through.
 */
export function forcedBeatDelay(now: number, lastBeatAt: number): number {
  return Math.max(250, lastBeatAt + MIN_FORCED_BEAT_GAP_MS - now)
}
