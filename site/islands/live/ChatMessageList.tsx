import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import type { LiveChatMessage } from '../../../shared/types/live'
import { ChatMessageItem, type ChatMessageItemProps } from './ChatMessageItem'

/** How close to the bottom (px) still counts as "reading the newest". */
const STICK_SLACK_PX = 48

export interface ChatMessageListProps {
  messages: readonly LiveChatMessage[]
  label: string
  empty: ReactNode
  moderateFor?: (message: LiveChatMessage) => ChatMessageItemProps['moderate']
  selfId?: number | null
  className?: string
}

/**
 * The messages, newest at the bottom. It follows new ones while the reader is at the bottom and
 * stays put (offering a jump down) once they scrolled up to read. A log region: screen readers
 * announce additions politely.
 */
export function ChatMessageList({ messages, label, empty, moderateFor, selfId = null, className }: ChatMessageListProps) {
  const listRef = useRef<HTMLDivElement>(null)
  const stick = useRef(true)
  const [unseen, setUnseen] = useState(false)
  const lastId = messages[messages.length - 1]?.id

  const toBottom = () => {
    const el = listRef.current
    if (el) el.scrollTop = el.scrollHeight
    stick.current = true
    setUnseen(false)
  }

  useLayoutEffect(() => {
    if (stick.current) {
      const el = listRef.current
      if (el) el.scrollTop = el.scrollHeight
    } else if (lastId !== undefined) {
      setUnseen(true)
    }
  }, [lastId, messages.length])

  useEffect(() => {
    const el = listRef.current
    if (!el) return
    const onScroll = () => {
      stick.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_SLACK_PX
      if (stick.current) setUnseen(false)
    }
    el.addEventListener('scroll', onScroll, { passive: true })
    return () => el.removeEventListener('scroll', onScroll)
  }, [])

  return (
    <div className={`relative min-h-0 flex-1 ${className ?? ''}`}>
      <div ref={listRef} role="log" aria-live="polite" aria-relevant="additions" aria-label={label} tabIndex={0} className="h-full overflow-y-auto overscroll-contain py-1" data-testid="chat-log">
        {messages.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul>
            {messages.map((m) => (
              <ChatMessageItem key={m.id} message={m} selfId={selfId} moderate={moderateFor?.(m) ?? null} />
            ))}
          </ul>
        )}
      </div>
      {unseen ? (
        <button type="button" onClick={toBottom} className="absolute bottom-2 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground shadow-lg">
          New messages ↓
        </button>
      ) : null}
    </div>
  )
}
