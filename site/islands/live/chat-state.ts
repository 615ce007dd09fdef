// The live chat's state as the panel holds it: the history the endpoint gave, then what the
// stream's event channel says (messages, deletes, mutes, status). Pure, so the order of arrivals
// (a posted message echoed back on the channel, history refetched after a reconnect) is testable.
import { LIVE_CHAT_HISTORY } from '../../../shared/constants'
import type { LiveChatHistory, LiveChatMessage, LiveStreamEvent } from '../../../shared/types/live'

export type ChatHistory = LiveChatHistory

export type ChatState = ChatHistory & { viewerCount: number | null; maxViewers: number | null }

/** How many messages the panel keeps: the history's worth and as many again that arrived since. */
export const CHAT_KEEP = LIVE_CHAT_HISTORY * 2

const byTimeThenId = (a: LiveChatMessage, b: LiveChatMessage) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id

/** Adds messages not already shown (by id), in time order, keeping the newest CHAT_KEEP. */
export function mergeMessages(current: readonly LiveChatMessage[], incoming: readonly LiveChatMessage[]): LiveChatMessage[] {
  const seen = new Set(current.map((m) => m.id))
  const fresh = incoming.filter((m) => !seen.has(m.id) && seen.add(m.id))
  if (fresh.length === 0) return current as LiveChatMessage[]
  const last = current[current.length - 1]
  // Arrivals are nearly always newer than the last one shown: append without sorting then.
  const merged = last && fresh.every((m) => byTimeThenId(last, m) < 0) ? [...current, ...fresh] : [...current, ...fresh].sort(byTimeThenId)
  return merged.length > CHAT_KEEP ? merged.slice(merged.length - CHAT_KEEP) : merged
}

export function chatStateFrom(history: ChatHistory, previous?: ChatState | null): ChatState {
  // A refetch after a reconnect keeps what arrived meanwhile, minus nothing: deletes came as events.
  const messages = previous ? mergeMessages(previous.messages, history.messages) : history.messages
  return { ...history, messages, viewerCount: previous?.viewerCount ?? null, maxViewers: previous?.maxViewers ?? null }
}

/** One event from the stream's channel; `selfId` is the reader (a mute of them closes their form). */
export function applyLiveEvent(state: ChatState, event: LiveStreamEvent, selfId: number | null): ChatState {
  switch (event.type) {
    case 'message':
      return { ...state, messages: mergeMessages(state.messages, [event.message]) }
    case 'delete':
      return state.messages.some((m) => m.id === event.messageId) ? { ...state, messages: state.messages.filter((m) => m.id !== event.messageId) } : state
    case 'mute':
      return selfId !== null && event.userId === selfId ? { ...state, muted: true } : state
    case 'status':
      return { ...state, status: event.status, canChat: event.status === 'live' ? state.canChat : false }
    case 'viewers':
      return { ...state, viewerCount: event.viewerCount, maxViewers: event.maxViewers }
    default:
      return state
  }
}

const EVENT_TYPES = new Set(['message', 'delete', 'mute', 'status', 'viewers'])

/** A channel event's `data:` as a LiveStreamEvent, or null for anything else (a keep-alive, a stranger). */
export function parseLiveEvent(data: unknown): LiveStreamEvent | null {
  if (typeof data !== 'string') return null
  try {
    const value = JSON.parse(data) as { type?: unknown }
    return value && typeof value === 'object' && typeof value.type === 'string' && EVENT_TYPES.has(value.type) ? (value as LiveStreamEvent) : null
  } catch {
    return null
  }
}

/** Whether the reader may write now (the form shows): a live stream, a chatter, not muted. */
export const canWriteNow = (state: Pick<ChatState, 'status' | 'canChat' | 'muted'>): boolean => state.status === 'live' && state.canChat && !state.muted

/** Seconds from a 429's Retry-After (seconds or an HTTP date), null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null
  const n = Number(header)
  if (Number.isFinite(n)) return Math.max(1, Math.ceil(n))
  const at = Date.parse(header)
  return Number.isNaN(at) ? null : Math.max(1, Math.ceil((at - now) / 1000))
}
