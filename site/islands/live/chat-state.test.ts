import { describe, expect, it } from 'vitest'
import type { LiveChatMessage } from '../../../shared/types/live'
import { applyLiveEvent, CHAT_KEEP, canWriteNow, chatStateFrom, mergeMessages, parseLiveEvent, retryAfterSeconds, type ChatState } from './chat-state'

const msg = (id: number, second = id): LiveChatMessage => ({
  id,
  streamId: 1,
  body: `message ${id}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, second)).toISOString(),
  author: { id: 10 + id, username: `m${id}`, avatarUrl: null, isAdmin: false, isPremium: false, isModerator: false },
})

const state = (over: Partial<ChatState> = {}): ChatState => ({
  messages: [msg(1), msg(2)],
  canChat: true,
  canModerate: false,
  muted: false,
  status: 'live',
  viewerCount: null,
  maxViewers: null,
  ...over,
})

describe('mergeMessages', () => {
  it('adds new messages once, in time order', () => {
    const merged = mergeMessages([msg(1), msg(3)], [msg(3), msg(2), msg(4)])
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4])
  })
  it('returns the same list when nothing is new', () => {
    const list = [msg(1)]
    expect(mergeMessages(list, [msg(1)])).toBe(list)
  })
  it(`keeps the newest ${CHAT_KEEP}`, () => {
    const many = Array.from({ length: CHAT_KEEP + 5 }, (_, i) => msg(i + 1, i))
    const merged = mergeMessages([], many)
    expect(merged).toHaveLength(CHAT_KEEP)
    expect(merged[merged.length - 1]!.id).toBe(CHAT_KEEP + 5)
  })
})

describe('applyLiveEvent', () => {
  it('appends a message, and one echoed after posting shows once', () => {
    const s = applyLiveEvent(applyLiveEvent(state(), { type: 'message', message: msg(3) }, null), { type: 'message', message: msg(3) }, null)
    expect(s.messages.map((m) => m.id)).toEqual([1, 2, 3])
  })
  it('removes a deleted message', () => {
    expect(applyLiveEvent(state(), { type: 'delete', messageId: 1 }, null).messages.map((m) => m.id)).toEqual([2])
  })
  it('mutes the reader only when the mute is theirs', () => {
    expect(applyLiveEvent(state(), { type: 'mute', userId: 5 }, 6).muted).toBe(false)
    expect(applyLiveEvent(state(), { type: 'mute', userId: 6 }, 6).muted).toBe(true)
  })
  it('closes the form when the stream ends', () => {
    const s = applyLiveEvent(state(), { type: 'status', status: 'ended' }, null)
    expect(s.status).toBe('ended')
    expect(canWriteNow(s)).toBe(false)
  })
  it('takes the viewer counts', () => {
    expect(applyLiveEvent(state(), { type: 'viewers', viewerCount: 12, maxViewers: 30 }, null)).toMatchObject({ viewerCount: 12, maxViewers: 30 })
  })
})

describe('chatStateFrom', () => {
  it('keeps what arrived on the channel when the history is read again', () => {
    const before = state({ messages: [msg(1), msg(2), msg(3)], viewerCount: 4 })
    const after = chatStateFrom({ messages: [msg(2), msg(3), msg(4)], canChat: true, canModerate: false, muted: false, status: 'live' }, before)
    expect(after.messages.map((m) => m.id)).toEqual([1, 2, 3, 4])
    expect(after.viewerCount).toBe(4)
  })
})

describe('parseLiveEvent', () => {
  it('reads the known event types and nothing else', () => {
    expect(parseLiveEvent('{"type":"delete","messageId":3}')).toEqual({ type: 'delete', messageId: 3 })
    expect(parseLiveEvent('{"type":"other"}')).toBeNull()
    expect(parseLiveEvent('not json')).toBeNull()
    expect(parseLiveEvent(undefined)).toBeNull()
  })
})

describe('canWriteNow', () => {
  it('needs a live stream, a chatter and no mute', () => {
    expect(canWriteNow({ status: 'live', canChat: true, muted: false })).toBe(true)
    expect(canWriteNow({ status: 'live', canChat: true, muted: true })).toBe(false)
    expect(canWriteNow({ status: 'live', canChat: false, muted: false })).toBe(false)
    expect(canWriteNow({ status: 'scheduled', canChat: true, muted: false })).toBe(false)
  })
})

describe('retryAfterSeconds', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterSeconds('7')).toBe(7)
    expect(retryAfterSeconds('0.2')).toBe(1)
    expect(retryAfterSeconds(new Date(10_000).toUTCString(), 0)).toBe(10)
    expect(retryAfterSeconds(null)).toBeNull()
    expect(retryAfterSeconds('soon')).toBeNull()
  })
})
