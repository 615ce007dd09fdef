import { describe, expect, it } from 'vitest'

import { CHANNEL_HANDLE_REQUIRED, youtubeImportSchema } from './youtube'

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

  it('keeps the spec string exact', () => {
    expect(CHANNEL_HANDLE_REQUIRED).toBe('Please enter a channel handle')
  })
})
