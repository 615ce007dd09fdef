import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { messageFromApiError } from '../../../shared/api-error'
import { CHAT_REPLAY, NO_CHAT_REPLAY_MESSAGES } from '../../../shared/live-messages'
import { withQueryClient } from '../../lib/query-client'
import { Spinner } from '../ui/Spinner'
import { CARD_CLASS, cx } from '../ui/styles'
import type { ChatHistory } from './chat-state'
import { ChatMessageList } from './ChatMessageList'
import { chatPath } from './use-live-chat'

/**
 * The chat of the stream this video recorded, read only, beside its replay. Closed at first: the
 * video page is kept for a whole audience, so it carries only the stream's id and the history is
 * fetched when a viewer opens the panel.
 */
function ChatReplay({ streamId }: { streamId: number }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const history = useQuery<ChatHistory>({ queryKey: [chatPath(streamId)], enabled: open })

  return (
    <section className={cx(CARD_CLASS, 'overflow-hidden')} aria-labelledby={`${panelId}-title`} data-testid="chat-replay">
      <h2 id={`${panelId}-title`} className="text-lg font-bold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-3 px-5 py-3 text-left hover:bg-muted/60"
        >
          <span className="flex items-center gap-2">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 text-primary" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
              <path d="M4 5h16v11H9l-5 4z" />
            </svg>
            {CHAT_REPLAY}
          </span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className={cx('h-5 w-5 transition-transform', open && 'rotate-180')} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="m6 9 6 6 6-6" />
          </svg>
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="border-t border-border">
        {open ? (
          history.data ? (
            <div className="flex h-96 flex-col">
              <ChatMessageList messages={history.data.messages} label={`${CHAT_REPLAY} messages`} empty={NO_CHAT_REPLAY_MESSAGES} />
            </div>
          ) : history.isError ? (
            <p role="alert" className="p-5 text-sm text-destructive dark:text-red-300">
              {messageFromApiError(history.error)}
            </p>
          ) : (
            <p aria-busy="true" className="flex items-center gap-2 p-5 text-sm text-muted-foreground">
              <Spinner /> Loading the chat…
            </p>
          )
        ) : null}
      </div>
    </section>
  )
}

export default withQueryClient(ChatReplay)
