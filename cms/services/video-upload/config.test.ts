import { describe, expect, it } from 'vitest'

import { VIDEO_MAX_BYTES } from '../../../shared/video-upload'
import { videoUploadMaxBytes } from './config'

describe('the video size cap', () => {
  it('is 500MB by default (SPEC §9), and an environment value can only lower it', () => {
    expect(VIDEO_MAX_BYTES).toBe(500 * 1024 * 1024)
    expect(videoUploadMaxBytes({})).toBe(VIDEO_MAX_BYTES)
    expect(videoUploadMaxBytes({ VIDEO_UPLOAD_MAX_BYTES: '1048576' })).toBe(1048576)
    expect(videoUploadMaxBytes({ VIDEO_UPLOAD_MAX_BYTES: String(2 * VIDEO_MAX_BYTES) })).toBe(VIDEO_MAX_BYTES)
    expect(videoUploadMaxBytes({ VIDEO_UPLOAD_MAX_BYTES: 'lots' })).toBe(VIDEO_MAX_BYTES)
  })
})
