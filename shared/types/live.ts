/**
 * The JSON shapes of live streams (spec §3 Live stream, §7 Live and Admin live-streams) and of the
 * members' live chat, shared by endpoints, pages and islands. Dates are ISO strings.
 */
import type { LiveStreamStatus, StreamPlatform } from '../constants'

export type ObsSettings = {
  /** '1920x1080', '1280x720' or '854x480'. */
  resolution: string
  /** kbps. */
  bitrate: number
  frameRate: number
  encoder: string
}

/** A stream as members see it (GET /api/live-streams, /upcoming). */
export type LiveStream = {
  id: number
  title: string
  description: string | null
  /** scheduledStart, shown as scheduledAt (spec §3). */
  scheduledAt: string | null
  actualStart: string | null
  actualEnd: string | null
  /**
   * What the player opens: the site's own HLS playlist (obs) or the embed address (youtube,
   * streamyard). Null for a caller the premium gate keeps out, and for an obs stream not yet live.
   */
  streamUrl: string | null
  status: LiveStreamStatus
  /** isPremiumOnly, shown as isPremium (spec §3). */
  isPremium: boolean
  platform: StreamPlatform
  thumbnailUrl: string | null
  viewerCount: number
  maxViewers: number
  /** Whether this caller may watch it (the premium gate); false for a visitor. */
  canWatch: boolean
  /** The replay video's page (/video/{videoId}) once an ended stream's recording is on the site. */
  replayUrl: string | null
}

/** The admin's view of a stream: everything, the OBS server and key included. */
export type AdminLiveStream = LiveStream & {
  obsSettings: ObsSettings
  /** The RTMP server URL to paste into OBS (obs streams). */
  rtmpUrl: string | null
  /** The stream's secret key; publishing to `{rtmpUrl}/{streamKey}` goes live. */
  streamKey: string | null
  /** When the stream ends, its recording becomes a premium, uncut video (obs streams). */
  keepReplay: boolean
  /** The publisher is connected right now. */
  publishing: boolean
}

/** A message in a stream's chat. */
export type LiveChatMessage = {
  id: number
  streamId: number
  body: string
  createdAt: string
  author: {
    id: number
    username: string
    avatarUrl: string | null
    isAdmin: boolean
    isPremium: boolean
    isModerator: boolean
  }
}

/** GET /api/live-streams/{id}/chat: the history, and what this caller may do in the chat. */
export type LiveChatHistory = {
  messages: LiveChatMessage[]
  canChat: boolean
  canModerate: boolean
  muted: boolean
  status: LiveStreamStatus
}

/** What travels on a stream's event channel (server-sent events). */
export type LiveStreamEvent =
  | { type: 'message'; message: LiveChatMessage }
  | { type: 'delete'; messageId: number }
  | { type: 'mute'; userId: number }
  | { type: 'status'; status: LiveStreamStatus }
  | { type: 'viewers'; viewerCount: number; maxViewers: number }
