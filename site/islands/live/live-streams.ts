// Pure helpers for /live and its player: which list a stream sits in, what its card says, what
// the player opens, and when the picture counts as "at the live edge".
import type { StreamPlatform } from '../../../shared/constants'
import { liveHlsPlaylistPath } from '../../../shared/constants'
import { formatCount } from '../../../shared/format'
import { watchingLabel } from '../../../shared/live-messages'
import type { LiveStream } from '../../../shared/types/live'

export const PLATFORM_LABELS: Record<StreamPlatform, string> = {
  obs: 'OBS Studio',
  streamyard: 'StreamYard',
  youtube: 'YouTube Live',
}

export type StreamGroups = { live: LiveStream[]; upcoming: LiveStream[]; ended: LiveStream[] }

/** The three lists of /live, each in the order GET /api/live-streams gives them. */
export function groupStreams(streams: readonly LiveStream[]): StreamGroups {
  const groups: StreamGroups = { live: [], upcoming: [], ended: [] }
  for (const s of streams) (s.status === 'live' ? groups.live : s.status === 'scheduled' ? groups.upcoming : groups.ended).push(s)
  return groups
}

/** '12 watching', '1.5K watching'. */
export const viewersText = (count: number): string => watchingLabel(formatCount(Math.max(0, count)))

export type PlayerSource = { kind: 'hls'; src: string } | { kind: 'embed'; src: string } | { kind: 'locked' } | { kind: 'none' }

/**
 * What 'Watch Live' opens: the premium lock for a member the gate refuses, the site's own HLS for
 * an OBS stream (its playlist answers 404 until media arrives), the embed for YouTube and
 * StreamYard. Only https embeds are framed.
 */
export function playerSourceOf(stream: Pick<LiveStream, 'id' | 'platform' | 'status' | 'streamUrl' | 'canWatch'>): PlayerSource {
  if (!stream.canWatch) return { kind: 'locked' }
  if (stream.status !== 'live') return { kind: 'none' }
  if (stream.platform === 'obs') return { kind: 'hls', src: stream.streamUrl || liveHlsPlaylistPath(stream.id) }
  return stream.streamUrl && /^https:\/\//.test(stream.streamUrl) ? { kind: 'embed', src: stream.streamUrl } : { kind: 'none' }
}

/** How far behind the newest media a player may fall, beyond its target latency, and still read as live. */
export const LIVE_EDGE_SLACK_SECONDS = 3

/**
 * Whether playback sits at the live edge: playing, and no further behind the newest media than the
 * player's own target latency plus a little slack (a paused or rewound picture is behind).
 */
export function isAtLiveEdge({ currentTime, liveEdge, targetLatency, paused }: { currentTime: number; liveEdge: number | null; targetLatency: number; paused: boolean }): boolean {
  if (paused) return false
  if (liveEdge === null || !Number.isFinite(liveEdge)) return true
  return liveEdge - currentTime <= Math.max(0, targetLatency) + LIVE_EDGE_SLACK_SECONDS
}

/** The viewer's own zone (the browser's), for times a member reads on their own clock. */
export function viewerTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null
  } catch {
    return null
  }
}
