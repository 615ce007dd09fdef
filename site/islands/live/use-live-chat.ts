// The live chat's data: its history from GET /api/live-streams/{id}/chat, then the stream's
// server-sent events (same-origin, the session cookie goes along). A reconnect refetches the
// history, so messages sent while the channel was down still show.
import { useCallback, useEffect, useRef, useState } from 'react'
import { messageFromApiError } from '../../../shared/api-error'
import { liveEventsPath } from '../../../shared/constants'
import type { LiveChatMessage, LiveStreamEvent } from '../../../shared/types/live'
import { apiJson } from '../../lib/api-client'
import { applyLiveEvent, chatStateFrom, mergeMessages, parseLiveEvent, type ChatHistory, type ChatState } from './chat-state'

export const chatPath = (streamId: number) => `/api/live-streams/${streamId}/chat`

/** The event names the channel may use (a server may name each event or send them all unnamed). */
const CHANNEL_EVENTS = ['message', 'delete', 'mute', 'status', 'viewers'] as const

export type LiveChat = {
  state: ChatState | null
  error: string | null
  /** A posted message, shown at once (the channel echoes it later; merging keeps one). */
  addOwn: (message: LiveChatMessage) => void
  removeMessage: (messageId: number) => void
}

export function useLiveChat(streamId: number, { selfId, live, onEvent }: { selfId: number | null; live: boolean; onEvent?: (event: LiveStreamEvent) => void }): LiveChat {
  const [state, setState] = useState<ChatState | null>(null)
  const [error, setError] = useState<string | null>(null)
  const onEventRef = useRef(onEvent)
  onEventRef.current = onEvent
  // Events that arrive before the first history answer wait for it, so none is lost.
  const early = useRef<LiveStreamEvent[] | null>([])
  const selfRef = useRef(selfId)
  selfRef.current = selfId

  const loadHistory = useCallback(async () => {
    try {
      const history = await apiJson<ChatHistory>('GET', chatPath(streamId))
      const waiting = early.current ?? []
      early.current = null
      setState((previous) => waiting.reduce((s, event) => applyLiveEvent(s, event, selfRef.current), chatStateFrom(history, previous)))
      setError(null)
    } catch (err) {
      setError(messageFromApiError(err))
    }
  }, [streamId])

  useEffect(() => {
    setState(null)
    early.current = []
    void loadHistory()
  }, [loadHistory])

  useEffect(() => {
    if (!live || typeof EventSource === 'undefined') return
    const source = new EventSource(liveEventsPath(streamId))
    let opened = false
    const receive = (e: MessageEvent) => {
      const event = parseLiveEvent(e.data)
      if (!event) return
      if (early.current) early.current.push(event)
      else setState((s) => (s ? applyLiveEvent(s, event, selfId) : s))
      onEventRef.current?.(event)
    }
    // After a drop the browser reconnects by itself; what was said meanwhile comes with the history.
    const onOpen = () => {
      if (opened) void loadHistory()
      opened = true
    }
    source.addEventListener('open', onOpen)
    for (const name of CHANNEL_EVENTS) source.addEventListener(name, receive)
    return () => source.close()
  }, [streamId, live, selfId, loadHistory])

  const addOwn = useCallback((message: LiveChatMessage) => setState((s) => (s ? { ...s, messages: mergeMessages(s.messages, [message]) } : s)), [])
  const removeMessage = useCallback((messageId: number) => setState((s) => (s ? { ...s, messages: s.messages.filter((m) => m.id !== messageId) } : s)), [])
  return { state, error, addOwn, removeMessage }
}
