// The /admin Live form's values and the request bodies they become (spec §2 Admin → Live, §9
// Stream defaults). Times are typed on the site's clock, as every /admin date picker, and sent as
// ISO instants.
import { fieldErrors } from '../../../../shared/api-error'
import { STREAM_EMBED_URL_REQUIRED } from '../../../../shared/messages'
import { STREAM_DEFAULTS, type StreamEncoder, type StreamPlatform } from '../../../../shared/constants'
import { liveStreamCreateSchema, liveStreamUpdateSchema } from '../../../../shared/schemas/live'
import type { AdminLiveStream } from '../../../../shared/types/live'
import { fromWallClock, toWallClock } from '../content/site-time'

export const ADMIN_STREAMS_URL = '/api/admin/live-streams'
export const ADMIN_STREAMS_QUERY_KEY = [ADMIN_STREAMS_URL] as const
export const adminStreamUrl = (id: number) => `${ADMIN_STREAMS_URL}/${id}`


export const PLATFORM_LABELS: Record<StreamPlatform, string> = { obs: 'OBS', streamyard: 'StreamYard', youtube: 'YouTube' }
export const ENCODER_LABELS: Record<StreamEncoder, string> = {
  x264: 'x264 (software)',
  nvenc: 'NVENC (NVIDIA)',
  quicksync: 'Quick Sync (Intel)',
  amf: 'AMF (AMD)',
  apple_vt: 'Apple VT (Apple)',
}

export type StreamFormValues = {
  title: string
  description: string
  /** A datetime-local value on the site's clock; '' for no time. */
  scheduledAt: string
  platform: StreamPlatform
  streamUrl: string
  isPremium: boolean
  keepReplay: boolean
  resolution: string
  bitrate: string
  frameRate: string
  encoder: string
}

export type StreamFormField = keyof StreamFormValues
export type StreamFormErrors = Partial<Record<StreamFormField, string>>

export const emptyStreamForm = (): StreamFormValues => ({
  title: '',
  description: '',
  scheduledAt: '',
  platform: STREAM_DEFAULTS.platform,
  streamUrl: '',
  isPremium: STREAM_DEFAULTS.isPremiumOnly,
  keepReplay: true,
  resolution: STREAM_DEFAULTS.resolution,
  bitrate: String(STREAM_DEFAULTS.bitrateKbps),
  frameRate: String(STREAM_DEFAULTS.frameRate),
  encoder: STREAM_DEFAULTS.encoder,
})

export const streamFormOf = (stream: AdminLiveStream, timeZone: string): StreamFormValues => ({
  title: stream.title,
  description: stream.description ?? '',
  scheduledAt: toWallClock(stream.scheduledAt, timeZone),
  platform: stream.platform,
  streamUrl: stream.platform === 'obs' ? '' : (stream.streamUrl ?? ''),
  isPremium: stream.isPremium,
  keepReplay: stream.keepReplay,
  resolution: stream.obsSettings.resolution,
  bitrate: String(stream.obsSettings.bitrate),
  frameRate: String(stream.obsSettings.frameRate),
  encoder: stream.obsSettings.encoder,
})

/** What POST (and PATCH, for settings) sends. An empty bitrate stays a string so the schema names it. */
export function streamBody(v: StreamFormValues, timeZone: string) {
  const bitrate = v.bitrate.trim() === '' ? Number.NaN : Number(v.bitrate)
  return {
    title: v.title,
    description: v.description,
    scheduledAt: v.scheduledAt ? fromWallClock(v.scheduledAt, timeZone) : null,
    platform: v.platform,
    isPremium: v.isPremium,
    ...(v.platform === 'obs' ? { keepReplay: v.keepReplay } : { streamUrl: v.streamUrl }),
    obsSettings: { resolution: v.resolution, bitrate, frameRate: Number(v.frameRate), encoder: v.encoder },
  }
}

export type StreamBody = ReturnType<typeof streamBody>

/** Field errors from the same schema the server uses, keyed by the form's own field names. */
export function validateStream(v: StreamFormValues, timeZone: string, mode: 'create' | 'update'): StreamFormErrors {
  const body = streamBody(v, timeZone)
  const result = (mode === 'create' ? liveStreamCreateSchema : liveStreamUpdateSchema).safeParse(body)
  const errors: StreamFormErrors = {}
  if (!result.success) {
    for (const [path, message] of Object.entries(fieldErrors(result.error))) {
      const field = (path.startsWith('obsSettings.') ? path.slice('obsSettings.'.length) : path) as StreamFormField
      errors[field] ??= message
    }
  }
  if (v.scheduledAt && !body.scheduledAt) errors.scheduledAt ??= 'Pick a date and a time.'
  if (v.platform !== 'obs' && !v.streamUrl.trim()) errors.streamUrl ??= STREAM_EMBED_URL_REQUIRED
  return errors
}

/** The order the form shows its fields: the first one with an error takes the focus. */
export const FIELD_ORDER: StreamFormField[] = ['title', 'description', 'scheduledAt', 'platform', 'streamUrl', 'resolution', 'bitrate', 'frameRate', 'encoder']
