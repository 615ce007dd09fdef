import { describe, expect, it } from 'vitest'

import { CHAT_OPENS_WHEN_LIVE, CHAT_READ_ONLY } from '../../../../shared/live-chat-messages'
import { postingRefusal } from './stream-access'

describe('posting in a stream’s chat', () => {
  it('is open while the stream is live only', () => {
    expect(postingRefusal('live')).toBeNull()
    expect(postingRefusal('scheduled')).toBe(CHAT_OPENS_WHEN_LIVE)
    expect(postingRefusal('ended')).toBe(CHAT_READ_ONLY)
  })
})
