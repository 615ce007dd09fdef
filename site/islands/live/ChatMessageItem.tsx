import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { initials } from '../../../shared/format'
import type { LiveChatMessage } from '../../../shared/types/live'
import MemberBadges from '../MemberBadges'

export const badgesOf = (author: LiveChatMessage['author']): string[] => [
  ...(author.isAdmin ? ['admin'] : []),
  ...(author.isModerator ? ['moderator'] : []),
  ...(author.isPremium ? ['premium'] : []),
]

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' })

/** The message's time on the reader's own clock (the browser's zone), e.g. '8:26 PM'. */
export const chatTime = (iso: string): string => {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '' : timeFormat.format(d)
}

export interface ChatMessageItemProps {
  message: LiveChatMessage
  /** Show the moderator menu (Delete; Mute this member). */
  moderate?: { onDelete: () => void; onMute: () => void; busy?: boolean } | null
  /** Your own message is not muted from your own menu. */
  selfId?: number | null
}

const itemClass =
  'flex w-full cursor-default items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium outline-none select-none data-[highlighted]:bg-muted data-[disabled]:opacity-50'

/** One chat line: avatar, name and badges, time, and the text as React text (never HTML). */
export function ChatMessageItem({ message, moderate, selfId = null }: ChatMessageItemProps) {
  const { author } = message
  const badges = badgesOf(author)
  return (
    <li className="group flex gap-2.5 px-3 py-2 hover:bg-muted/50" data-testid="chat-message" data-message-id={message.id}>
      {author.avatarUrl ? (
        <img src={author.avatarUrl} alt="" width={28} height={28} loading="lazy" className="mt-0.5 h-7 w-7 shrink-0 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary/15 text-xs font-bold text-primary">
          {initials(author.username)}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5">
          <a href={`/profile/${author.id}`} className="text-sm font-semibold break-all text-foreground no-underline hover:underline">
            {author.username}
          </a>
          {badges.length > 0 ? <MemberBadges badges={badges} label={`${author.username}'s roles`} /> : null}
          <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
            {chatTime(message.createdAt)}
          </time>
        </div>
        <p className="text-sm break-words whitespace-pre-wrap">{message.body}</p>
      </div>
      {moderate ? (
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            aria-label={`Moderate ${author.username}'s message`}
            className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-md text-muted-foreground opacity-70 group-hover:opacity-100 hover:bg-muted hover:text-foreground focus-visible:opacity-100 data-[state=open]:opacity-100"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
              <circle cx="5" cy="12" r="2" />
              <circle cx="12" cy="12" r="2" />
              <circle cx="19" cy="12" r="2" />
            </svg>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={4} className="z-[60] w-48 animate-pop-in rounded-lg border border-border bg-card p-1 text-card-foreground shadow-xl">
              <DropdownMenu.Item disabled={moderate.busy} onSelect={moderate.onDelete} className={`${itemClass} text-destructive dark:text-red-300`}>
                Delete
              </DropdownMenu.Item>
              {author.id !== selfId && !author.isAdmin ? (
                <DropdownMenu.Item disabled={moderate.busy} onSelect={moderate.onMute} className={itemClass}>
                  Mute this member
                </DropdownMenu.Item>
              ) : null}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      ) : null}
    </li>
  )
}
