// The YouTube import's requests and answers (SPEC §5 YouTube import, §7 Admin): POST
// /api/youtube/import, /sync and /mock, and the panel's status read.
import { z } from '../zod'
import { isYoutubeHandle } from './site-settings'

export const CHANNEL_HANDLE_REQUIRED = 'Please enter a channel handle'
export const CHANNEL_HANDLE_INVALID = 'That is not a YouTube channel handle (like @channelname)'
export const CHANNEL_HANDLE_MAX = 100

/** A channel's page (https://www.youtube.com/@name, with or without a path after it) names its handle. */
const CHANNEL_URL = /^https?:\/\/(?:www\.|m\.)?youtube\.com\/(@[^/?#]+)(?:[/?#].*)?$/i

/** The handle in what an admin typed or pasted: '@name', 'name' or the channel's URL; anything else stays as typed (and is refused). */
export const handleFromInput = (value: string): string => CHANNEL_URL.exec(value)?.[1] ?? value

/**
 * POST /api/youtube/import { channelHandle }: non-empty (spaces trimmed); '@' optional; a YouTube
 * handle (3–30 letters, digits, dots, dashes, underscores) or a channel URL with one. Nothing else
 * (`../../etc/pa`) is ever sent to YouTube.
 */
export const youtubeImportSchema = z.object({
  channelHandle: z
    .string({ error: CHANNEL_HANDLE_REQUIRED })
    .trim()
    .min(1, CHANNEL_HANDLE_REQUIRED)
    .max(CHANNEL_HANDLE_MAX, `A channel handle is at most ${CHANNEL_HANDLE_MAX} characters`)
    .transform(handleFromInput)
    .refine(isYoutubeHandle, CHANNEL_HANDLE_INVALID),
})
export type YoutubeImportInput = z.infer<typeof youtubeImportSchema>

/** Import and mock: `imported` rows created or changed, of `total` videos the channel has. */
export type YoutubeImportResult = { success: true; message: string; imported: number; total: number }
export type YoutubeSyncResult = { imported: number; total: number; message: string }

export type YoutubeSyncRunStatus = 'running' | 'succeeded' | 'failed' | 'skipped'
export type YoutubeSyncTrigger = 'import' | 'sync' | 'schedule'

/** GET /api/youtube/status: the last run (manual or scheduled) as the panel shows it. */
export type YoutubeSyncStatus = {
  /** The channel the next sync reads: the site setting, else the last imported channel; null when none. */
  channelHandle: string | null
  /** Where channelHandle comes from: the site settings, or the last import (settings empty). */
  channelSource: 'settings' | 'lastImport' | null
  defaultHandle: string | null
  apiKeyConfigured: boolean
  intervalMinutes: number
  /** When the queued automatic sync is due (null when none is queued). */
  nextRunAt: string | null
  last: null | {
    status: YoutubeSyncRunStatus
    trigger: YoutubeSyncTrigger
    channelHandle: string | null
    channelTitle: string | null
    startedAt: string | null
    finishedAt: string | null
    imported: number
    total: number
    removed: number
    error: string | null
  }
  /** Imported videos YouTube no longer lists: hidden from the site until they come back. */
  removedVideos: { videoId: string; title: string; removedAt: string }[]
}
