// Live streams (spec §3 Live stream, §5, §7 Admin live-streams) and the members' live chat.
import { z } from '../zod'
import {
  LIVE_CHAT_MESSAGE_MAX,
  LIVE_STREAM_STATUSES,
  STREAM_BITRATE_RANGE,
  STREAM_DESCRIPTION_MAX,
  STREAM_ENCODERS,
  STREAM_FRAME_RATES,
  STREAM_PLATFORMS,
  STREAM_RESOLUTIONS,
  STREAM_TITLE_MAX,
} from '../constants'
import { STREAM_TITLE_REQUIRED, URL_INVALID } from '../messages'
import { optionalDateTimeField, optionalText, relationIdField } from './fields'

const titleField = z
  .string({ error: STREAM_TITLE_REQUIRED })
  .trim()
  .min(1, { error: STREAM_TITLE_REQUIRED, abort: true })
  .max(STREAM_TITLE_MAX, { error: `Stream title must be at most ${STREAM_TITLE_MAX} characters.` })

const RESOLUTION_VALUES = STREAM_RESOLUTIONS.map((r) => r.value) as [string, ...string[]]

export const obsSettingsSchema = z.object({
  resolution: z.enum(RESOLUTION_VALUES, { error: `Resolution must be one of ${RESOLUTION_VALUES.join(', ')}.` }).optional(),
  bitrate: z
    .number({ error: 'Bitrate must be a number of kbps.' })
    .int({ error: 'Bitrate must be a whole number of kbps.' })
    .min(STREAM_BITRATE_RANGE.min, { error: `Bitrate must be at least ${STREAM_BITRATE_RANGE.min} kbps.` })
    .max(STREAM_BITRATE_RANGE.max, { error: `Bitrate must be at most ${STREAM_BITRATE_RANGE.max} kbps.` })
    .optional(),
  frameRate: z
    .union(STREAM_FRAME_RATES.map((rate) => z.literal(rate)) as unknown as [z.ZodLiteral<60>, z.ZodLiteral<30>, z.ZodLiteral<24>], {
      error: `Frame rate must be one of ${STREAM_FRAME_RATES.join(', ')}.`,
    })
    .optional(),
  encoder: z.enum(STREAM_ENCODERS, { error: `Encoder must be one of ${STREAM_ENCODERS.join(', ')}.` }).optional(),
})

/** An https address of the stream's embed (youtube, streamyard). */
const embedUrlField = z
  .string()
  .trim()
  .max(2048, { error: URL_INVALID })
  .refine((v) => v === '' || /^https:\/\/[^\s/]+\.[^\s/]+/.test(v), { error: 'Stream URL must be an https:// address.' })
  .nullish()
  .transform((v) => v || null)

const settingsFields = {
  description: optionalText(STREAM_DESCRIPTION_MAX, `Description must be at most ${STREAM_DESCRIPTION_MAX} characters.`),
  /** scheduledStart (spec §3 'shown as scheduledAt'): both names are taken. */
  scheduledAt: optionalDateTimeField,
  scheduledStart: optionalDateTimeField,
  platform: z.enum(STREAM_PLATFORMS, { error: `Platform must be one of ${STREAM_PLATFORMS.join(', ')}.` }).optional(),
  /** The embed address for youtube and streamyard; obs streams play the site's own HLS. */
  streamUrl: embedUrlField.optional(),
  thumbnailUrl: z
    .string()
    .trim()
    .max(2048, { error: URL_INVALID })
    .refine((v) => v === '' || (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\//.test(v), { error: URL_INVALID })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  /** isPremiumOnly (spec §3 'shown as isPremium'): both names are taken. */
  isPremium: z.boolean({ error: 'isPremium must be true or false.' }).optional(),
  isPremiumOnly: z.boolean({ error: 'isPremiumOnly must be true or false.' }).optional(),
  obsSettings: obsSettingsSchema.optional(),
  keepReplay: z.boolean({ error: 'keepReplay must be true or false.' }).optional(),
}

export const liveStreamCreateSchema = z.object({ title: titleField, ...settingsFields })

/**
 * PATCH /api/admin/live-streams/{id}: `{ status }` (Go Live, End Stream: spec §7), settings, or
 * `{ regenerateKey: true }` for a new stream key.
 */
export const liveStreamUpdateSchema = z.object({
  status: z.enum(LIVE_STREAM_STATUSES, { error: `Status must be one of ${LIVE_STREAM_STATUSES.join(', ')}.` }).optional(),
  title: titleField.optional(),
  regenerateKey: z.literal(true, { error: 'regenerateKey must be true.' }).optional(),
  ...settingsFields,
})

export type LiveStreamCreateData = z.output<typeof liveStreamCreateSchema>
export type LiveStreamUpdateData = z.output<typeof liveStreamUpdateSchema>

export const LIVE_CHAT_MESSAGE_REQUIRED = 'Write a message first.'
export const LIVE_CHAT_MESSAGE_TOO_LONG = `Messages can be at most ${LIVE_CHAT_MESSAGE_MAX} characters.`

/** POST /api/live-streams/{id}/chat: plain text, one line or a few. */
export const liveChatMessageSchema = z.object({
  body: z
    .string({ error: LIVE_CHAT_MESSAGE_REQUIRED })
    .trim()
    .min(1, { error: LIVE_CHAT_MESSAGE_REQUIRED, abort: true })
    .max(LIVE_CHAT_MESSAGE_MAX, { error: LIVE_CHAT_MESSAGE_TOO_LONG }),
})

/** POST /api/live-streams/{id}/chat/mutes: a member muted for the rest of this stream. */
export const liveChatMuteSchema = z.object({ userId: relationIdField.pipe(z.number({ error: 'userId is required.' })) })
