import { describe, expect, it } from 'vitest'

import { CHANNEL_HANDLE_INVALID, CHANNEL_HANDLE_REQUIRED, youtubeImportSchema } from './youtube'

describe('youtubeImportSchema', () => {
  it('takes a handle with or without @, trimmed', () => {
    expect(youtubeImportSchema.parse({ channelHandle: ' @creator ' })).toEqual({ channelHandle: '@creator' })
    expect(youtubeImportSchema.parse({ channelHandle: 'creator' })).toEqual({ channelHandle: 'creator' })
  })

  it.each([{}, { channelHandle: '' }, { channelHandle: '   ' }, { channelHandle: null }, { channelHandle: 42 }])('refuses %j with the spec message', (body) => {
    const result = youtubeImportSchema.safeParse(body)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(CHANNEL_HANDLE_REQUIRED)
  })

  it('takes the handle out of a channel URL', () => {
    expect(youtubeImportSchema.parse({ channelHandle: 'https://www.youtube.com/@Creator.Name/videos' })).toEqual({ channelHandle: '@Creator.Name' })
    expect(youtubeImportSchema.parse({ channelHandle: 'https://youtube.com/@creator' })).toEqual({ channelHandle: '@creator' })
  })

  it.each(['../../etc/pa', '@a/b', 'x', '@has space', 'https://evil.example/@creator', '@creator%2F..', 'a'.repeat(31), '@creator\u0000'])('refuses %j: not a YouTube handle', (channelHandle) => {
    const result = youtubeImportSchema.safeParse({ channelHandle })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(CHANNEL_HANDLE_INVALID)
  })

  it('keeps the spec string exact', () => {
    expect(CHANNEL_HANDLE_REQUIRED).toBe('Please enter a channel handle')
  })
})
