import { describe, expect, it } from 'vitest'

import type { LiveChatMessage } from '../../../shared/types/live'
import { decodeStreamEvent, encodeStreamEvent, NOTIFY_PAYLOAD_MAX_BYTES, reconnectDelayMs } from './events'

const message = (body: string, avatarUrl: string | null = null): LiveChatMessage => ({
  id: 7,
  streamId: 3,
  body,
  createdAt: '2026-01-01T00:00:00.000Z',
  author: { id: 2, username: 'a'.repeat(50), avatarUrl, isAdmin: false, isPremium: true, isModerator: false },
})

describe('live stream event notifications', () => {
  it('carry the stream id and the event, and read back the same', () => {
    const event = { type: 'message', message: message('<b>hi</b> & "bye"') } as const
    const text = encodeStreamEvent(3, event)
    expect(text).not.toBeNull()
    expect(decodeStreamEvent(text!)).toEqual({ streamId: 3, event })
    expect(decodeStreamEvent(encodeStreamEvent(9, { type: 'delete', messageId: 4 })!)).toEqual({ streamId: 9, event: { type: 'delete', messageId: 4 } })
  })

  it('fit PostgreSQL’s NOTIFY limit with the longest message of four-byte characters and a long picture URL', () => {
    const text = encodeStreamEvent(2_147_483_647, { type: 'message', message: message('😀'.repeat(300), `https://example.org/${'p'.repeat(2000)}`) })
    expect(text).not.toBeNull()
    expect(Buffer.byteLength(text!, 'utf8')).toBeLessThanOrEqual(NOTIFY_PAYLOAD_MAX_BYTES)
  })

  it('refuse what would not fit rather than fail the transaction', () => {
    expect(encodeStreamEvent(1, { type: 'message', message: message('x'.repeat(9000)) })).toBeNull()
  })

  it('ignore foreign or broken payloads', () => {
    for (const text of [undefined, '', 'nope', '{}', '{"s":"1","e":{"type":"x"}}', '{"s":1,"e":null}', '{"s":1,"e":{}}']) {
      expect(decodeStreamEvent(text)).toBeNull()
    }
  })

  it('reconnect with a doubling pause, capped', () => {
    expect([1, 2, 3, 4].map(reconnectDelayMs)).toEqual([500, 1000, 2000, 4000])
    expect(reconnectDelayMs(30)).toBe(15_000)
  })
})
