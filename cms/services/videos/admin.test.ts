import { describe, expect, it } from 'vitest'

import { adminVideoStatus, toAdminVideoRow } from './admin'

describe("/admin's video rows", () => {
  it.each([
    [{ source: 'youtube', transcodeStatus: null }, 'ready'],
    [{ source: 'manual', transcodeStatus: null }, 'ready'],
    [{ source: 'manual', transcodeStatus: 'ready' }, 'ready'],
    [{ source: 'manual', transcodeStatus: 'queued' }, 'processing'],
    [{ source: 'manual', transcodeStatus: 'processing' }, 'processing'],
    [{ source: 'manual', transcodeStatus: 'failed' }, 'failed'],
  ] as const)('%j is %s', (video, status) => {
    expect(adminVideoStatus(video)).toBe(status)
  })

  it('previews an upload only once it plays, the HLS stream when it has one; says when a date is ahead', () => {
    const now = new Date('2026-11-27T12:00:00.000Z')
    const base = { id: 1, videoId: 'manual_x', title: 'X', source: 'manual' as const, visibility: 'unlisted' as const, thumbnailUrl: null, duration: 'PT1M', videoUrl: '/media/videos/manual_x/original.mp4', hlsUrl: '/media/videos/manual_x/hls/master.m3u8' }
    expect(toAdminVideoRow({ ...base, transcodeStatus: 'ready', publishedAt: '2026-11-28T00:00:00.000Z' }, now)).toMatchObject({
      status: 'ready', visibility: 'unlisted', scheduled: true, streamUrl: base.hlsUrl, videoUrl: base.videoUrl,
    })
    expect(toAdminVideoRow({ ...base, transcodeStatus: 'processing', publishedAt: '2026-11-01T00:00:00.000Z' }, now)).toMatchObject({ status: 'processing', scheduled: false, streamUrl: null, videoUrl: null })
  })
})
