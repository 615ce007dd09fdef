import { describe, expect, it } from 'vitest'

import { STREAM_TITLE_REQUIRED } from '../../../../shared/messages'
import type { AdminLiveStream } from '../../../../shared/types/live'
import { emptyStreamForm, streamBody, streamFormOf, validateStream } from './stream-form'
import { STREAM_EMBED_URL_REQUIRED } from '../../../../shared/messages'

const NY = 'America/New_York'

describe('the /admin Live form', () => {
  it('starts on the spec defaults: obs, premium only, replay kept, 1080p, 2500 kbps, 30 fps, x264', () => {
    expect(emptyStreamForm()).toMatchObject({ platform: 'obs', isPremium: true, keepReplay: true, resolution: '1920x1080', bitrate: '2500', frameRate: '30', encoder: 'x264' })
  })

  it('needs a title, in the spec words', () => {
    expect(validateStream(emptyStreamForm(), NY, 'create')).toEqual({ title: STREAM_TITLE_REQUIRED })
    expect(validateStream({ ...emptyStreamForm(), title: '   ' }, NY, 'create').title).toBe(STREAM_TITLE_REQUIRED)
  })

  it('names the stream setting that is off, by the form field', () => {
    const errors = validateStream({ ...emptyStreamForm(), title: 'Q&A', bitrate: '50' }, NY, 'create')
    expect(errors).toEqual({ bitrate: 'Bitrate must be at least 500 kbps.' })
    expect(validateStream({ ...emptyStreamForm(), title: 'Q&A', bitrate: '' }, NY, 'create').bitrate).toBe('Bitrate must be a number of kbps.')
  })

  it('asks YouTube and StreamYard streams for their embed address, and sends it only for them', () => {
    const youtube = { ...emptyStreamForm(), title: 'Q&A', platform: 'youtube' as const }
    expect(validateStream(youtube, NY, 'create')).toEqual({ streamUrl: STREAM_EMBED_URL_REQUIRED })
    expect(validateStream({ ...youtube, streamUrl: 'http://example.com' }, NY, 'create').streamUrl).toBe('Stream URL must be an https:// address.')
    const body = streamBody({ ...youtube, streamUrl: 'https://www.youtube.com/embed/abc' }, NY)
    expect(body).toMatchObject({ platform: 'youtube', streamUrl: 'https://www.youtube.com/embed/abc' })
    expect(body).not.toHaveProperty('keepReplay')
    expect(streamBody({ ...emptyStreamForm(), title: 'Q&A', streamUrl: 'https://x.example' }, NY)).not.toHaveProperty('streamUrl')
  })

  it('reads the time on the site clock and sends an instant', () => {
    const body = streamBody({ ...emptyStreamForm(), title: 'Q&A', scheduledAt: '2030-01-15T20:30' }, NY)
    expect(body.scheduledAt).toBe('2030-01-16T01:30:00.000Z')
    expect(body.obsSettings).toEqual({ resolution: '1920x1080', bitrate: 2500, frameRate: 30, encoder: 'x264' })
    expect(streamBody({ ...emptyStreamForm(), title: 'Q&A' }, NY).scheduledAt).toBeNull()
  })

  it('opens a stream for editing with its own settings and time', () => {
    const stream = {
      title: 'Q&A',
      description: null,
      scheduledAt: '2030-01-16T01:30:00.000Z',
      platform: 'obs',
      streamUrl: null,
      isPremium: false,
      keepReplay: false,
      obsSettings: { resolution: '1280x720', bitrate: 4000, frameRate: 60, encoder: 'nvenc' },
    } as AdminLiveStream
    expect(streamFormOf(stream, NY)).toEqual({
      title: 'Q&A',
      description: '',
      scheduledAt: '2030-01-15T20:30',
      platform: 'obs',
      streamUrl: '',
      isPremium: false,
      keepReplay: false,
      resolution: '1280x720',
      bitrate: '4000',
      frameRate: '60',
      encoder: 'nvenc',
    })
  })
})
