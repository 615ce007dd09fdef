import { describe, expect, it } from 'vitest'
import {
  channelImportSchema,
  checkThumbnailFile,
  checkVideoFile,
  liveStreamCreateSchema,
  makeManualVideoId,
  titleFromFileName,
  videoUploadFieldsSchema,
} from './admin'
import { errorsOf } from './test-helpers'

const MB = 1024 * 1024

describe('upload file checks', () => {
  it('accepts a video up to 500MB and rejects anything bigger', () => {
    expect(checkVideoFile({ type: 'video/mp4', size: 500 * MB })).toBeNull()
    expect(checkVideoFile({ type: 'video/mp4', size: 500 * MB + 1 })).toEqual({
      title: 'File too large',
      description: 'Video file must be under 500MB',
    })
  })

  it('rejects a non-video file', () => {
    expect(checkVideoFile({ type: 'image/png', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please drop a video file (MP4, MOV, AVI, etc.)',
    })
  })

  it('accepts an FLV the browser gave no type', () => {
    expect(checkVideoFile({ type: '', size: 10, name: 'talk.FLV' })).toBeNull()
  })

  it('accepts a thumbnail image up to 5MB', () => {
    expect(checkThumbnailFile({ type: 'image/jpeg', size: 5 * MB })).toBeNull()
    expect(checkThumbnailFile({ type: 'image/jpeg', size: 5 * MB + 1 })).toEqual({
      title: 'Image too large',
      description: 'Thumbnail must be under 5MB',
    })
    expect(checkThumbnailFile({ type: 'video/mp4', size: 1 })?.title).toBe('Invalid file type')
  })

  it('defaults the title to the file name without its extension', () => {
    expect(titleFromFileName('My Town Hall.final.mp4')).toBe('My Town Hall.final')
  })

  it("generates a 'manual_' video id", () => {
    expect(makeManualVideoId()).toMatch(/^manual_[0-9a-f]{16}$/)
  })
})

describe('videoUploadFieldsSchema', () => {
  it("requires a title and a published date with the spec messages", () => {
    expect(errorsOf(videoUploadFieldsSchema.safeParse({ title: '', publishedAt: '' }))).toEqual({
      title: ['Title is required'],
      publishedAt: ['Published date is required'],
    })
  })

  it('reads multipart strings into booleans and an ISO duration', () => {
    const data = videoUploadFieldsSchema.parse({
      title: 'Town hall',
      publishedAt: '2025-03-05',
      isPremium: 'true',
      isUncut: 'false',
      duration: '4:13',
    })
    expect(data).toMatchObject({ isPremium: true, isUncut: false, duration: 'PT4M13S', publishedAt: '2025-03-05T00:00:00.000Z' })
  })
})

describe('other admin inputs', () => {
  it("requires a channel handle: 'Please enter a channel handle'", () => {
    expect(errorsOf(channelImportSchema.safeParse({ channelHandle: '  ' }))).toEqual({
      channelHandle: ['Please enter a channel handle'],
    })
  })

  it("requires a stream title: 'Stream title is required.' and applies stream defaults", () => {
    expect(errorsOf(liveStreamCreateSchema.safeParse({ title: '' }))).toEqual({ title: ['Stream title is required.'] })
    const data = liveStreamCreateSchema.parse({ title: 'Sunday live', obsSettings: {} })
    expect(data).toMatchObject({
      isPremiumOnly: true,
      platform: 'obs',
      obsSettings: { resolution: '1920x1080', bitrate: 2500, frameRate: 30, encoder: 'x264' },
    })
  })
})
