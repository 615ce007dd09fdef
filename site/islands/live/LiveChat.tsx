import { useId, useState, type FormEvent } from 'react'
import { ApiError, messageFromApiError } from '../../../shared/api-error'
import { LIVE_CHAT_MESSAGE_MAX } from '../../../shared/constants'
import { CHAT_LOAD_FAILED, CHAT_MEMBER_MUTED, CHAT_MESSAGE_DELETED, CHAT_MUTED, CHAT_SLOW_DOWN, FAILED_TO_DELETE_CHAT_MESSAGE, FAILED_TO_MUTE_MEMBER, LIVE_CHAT, NO_CHAT_MESSAGES, STREAM_HAS_ENDED } from '../../../shared/live-messages'
import { LIVE_CHAT_MESSAGE_REQUIRED } from '../../../shared/schemas/live'
import type { LiveChatMessage, LiveStreamEvent } from '../../../shared/types/live'
import { apiJson } from '../../lib/api-client'
import { toast } from '../../lib/stores/toast-store'
import { Spinner } from '../ui/Spinner'
import { buttonClass, cx } from '../ui/styles'
import { canWriteNow, retryAfterSeconds } from './chat-state'
import { ChatMessageList } from './ChatMessageList'
import { chatPath, useLiveChat } from './use-live-chat'

/** 'Slow down…' and, when the server says, how long to wait. */
export const slowDownText = (seconds: number | null): string =>
  seconds ? `${CHAT_SLOW_DOWN} You can send again in ${seconds} second${seconds === 1 ? '' : 's'}.` : CHAT_SLOW_DOWN

async function postMessage(streamId: number, body: string): Promise<LiveChatMessage> {
  const res = await fetch(chatPath(streamId), {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ body }),
  })
  if (res.ok) return (await res.json()) as LiveChatMessage
  if (res.status === 429) throw new Error(slowDownText(retryAfterSeconds(res.headers.get('retry-after'))))
  throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''))
}

export interface LiveChatProps {
  streamId: number
  selfId: number | null
  /** The stream is live: listen to its channel. */
  live: boolean
  onEvent?: (event: LiveStreamEvent) => void
  className?: string
}

/** The chat beside a live stream: history, new messages as they come, a form, moderator menus. */
export function LiveChat({ streamId, selfId, live, onEvent, className }: LiveChatProps) {
  const { state, error, addOwn, removeMessage } = useLiveChat(streamId, { selfId, live, onEvent })
  const [text, setText] = useState('')
  const [sendError, setSendError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [mutedNow, setMutedNow] = useState(false)
  const [busyId, setBusyId] = useState<number | null>(null)
  const inputId = useId()
  const counterId = useId()
  const errorId = useId()

  const send = async (e: FormEvent) => {
    e.preventDefault()
    const body = text.trim()
    if (!body) return setSendError(LIVE_CHAT_MESSAGE_REQUIRED)
    setSending(true)
    setSendError(null)
    try {
      addOwn(await postMessage(streamId, body))
      setText('')
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) setMutedNow(true)
      setSendError(messageFromApiError(err))
    } finally {
      setSending(false)
    }
  }

  const moderate = async (message: LiveChatMessage, action: 'delete' | 'mute') => {
    setBusyId(message.id)
    try {
      if (action === 'delete') {
        await apiJson('DELETE', `${chatPath(streamId)}/${message.id}`)
        removeMessage(message.id)
        toast({ title: CHAT_MESSAGE_DELETED })
      } else {
        await apiJson('POST', `${chatPath(streamId)}/mutes`, { userId: message.author.id })
        toast({ title: CHAT_MEMBER_MUTED, description: message.author.username })
      }
    } catch (err) {
      toast({ title: action === 'delete' ? FAILED_TO_DELETE_CHAT_MESSAGE : FAILED_TO_MUTE_MEMBER, description: messageFromApiError(err), variant: 'destructive' })
    } finally {
      setBusyId(null)
    }
  }

  const over = text.length > LIVE_CHAT_MESSAGE_MAX
  const writable = state ? canWriteNow({ ...state, muted: state.muted || mutedNow }) : false

  return (
    <section aria-label={LIVE_CHAT} className={cx('flex min-h-0 flex-col bg-card text-card-foreground', className)} data-testid="live-chat">
      <h3 className="border-b border-border px-4 py-2.5 text-base font-bold">{LIVE_CHAT}</h3>
      {!state ? (
        <div className="flex flex-1 items-center justify-center p-6 text-sm text-muted-foreground">{error ? (
            <p role="alert" className="grid gap-1 text-center">
              <span className="font-medium text-foreground">{CHAT_LOAD_FAILED}</span>
              <span>{error}</span>
            </p>
          ) : <span aria-busy="true" className="inline-flex items-center gap-2"><Spinner /> Loading chat…</span>}</div>
      ) : (
        <ChatMessageList
          messages={state.messages}
          label={`${LIVE_CHAT} messages`}
          empty={NO_CHAT_MESSAGES}
          selfId={selfId}
          moderateFor={
            state.canModerate
              ? (m) => ({ busy: busyId === m.id, onDelete: () => void moderate(m, 'delete'), onMute: () => void moderate(m, 'mute') })
              : undefined
          }
        />
      )}
      <div className="border-t border-border p-3">
        {state && state.status === 'ended' ? (
          <p role="status" className="text-center text-sm font-medium text-muted-foreground" data-testid="chat-ended">
            {STREAM_HAS_ENDED}
          </p>
        ) : state && (state.muted || mutedNow) ? (
          <p role="status" className="text-center text-sm text-muted-foreground">{CHAT_MUTED}</p>
        ) : writable ? (
          <form onSubmit={send} noValidate className="grid gap-1.5">
            <label htmlFor={inputId} className="sr-only">
              Send a message
            </label>
            <div className="flex gap-2">
              <input
                id={inputId}
                value={text}
                onChange={(e) => {
                  setText(e.target.value)
                  if (sendError) setSendError(null)
                }}
                placeholder="Say something…"
                autoComplete="off"
                maxLength={LIVE_CHAT_MESSAGE_MAX * 2}
                aria-invalid={over || Boolean(sendError) || undefined}
                aria-describedby={`${counterId}${sendError ? ` ${errorId}` : ''}`}
                className="block h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-sm aria-invalid:border-destructive"
              />
              <button type="submit" disabled={sending || over || !text.trim()} className={buttonClass('primary', 'md')}>
                {sending ? <Spinner /> : null}
                Send
              </button>
            </div>
            <div className="flex items-start justify-between gap-2 text-xs">
              <p id={errorId} role="alert" className="text-destructive dark:text-red-300">
                {sendError}
              </p>
              <span id={counterId} className={cx('shrink-0 tabular-nums', over ? 'font-semibold text-destructive dark:text-red-300' : 'text-muted-foreground')}>
                {text.length}/{LIVE_CHAT_MESSAGE_MAX}
              </span>
            </div>
          </form>
        ) : null}
      </div>
    </section>
  )
}
