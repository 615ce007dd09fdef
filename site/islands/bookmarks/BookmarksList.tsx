import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { messageFromApiError } from '../../../shared/api-error'
import { formatRelativeTime } from '../../../shared/format'
import { BOOKMARK_REMOVED } from '../../../shared/member-messages'
import { FAILED_TO_REMOVE_BOOKMARK, NO_BOOKMARKS } from '../../../shared/messages'
import type { BookmarkView } from '../../../shared/types/members'
import { apiJson } from '../../lib/api-client'
import { withQueryClient } from '../../lib/query-client'
import { toast } from '../../lib/stores/toast-store'
import { useNow } from '../comments/use-now'
import { ButtonLink } from '../ui/Button'
import { CARD_CLASS, cx } from '../ui/styles'
import { Thumbnail } from '../ui/Thumbnail'

export interface BookmarksListProps {
  initialBookmarks: BookmarkView[]
  renderedAt: string
}

export const bookmarkHref = (b: Pick<BookmarkView, 'contentType' | 'contentId'>) =>
  `/${b.contentType === 'video' ? 'video' : 'post'}/${encodeURIComponent(b.contentId)}`

export const contentTypeLabel = (type: BookmarkView['contentType']) => (type === 'video' ? 'Video' : 'Blog Post')

/** The /bookmarks list (SPEC §2): thumbnail, title link, type, 'Saved {relative time}', remove. */
function BookmarksList({ initialBookmarks, renderedAt }: BookmarksListProps) {
  const [bookmarks, setBookmarks] = useState(initialBookmarks)
  const now = useNow(renderedAt)
  const remove = useMutation({
    mutationFn: (b: BookmarkView) => apiJson('DELETE', `/api/bookmarks/${b.contentType}/${encodeURIComponent(b.contentId)}`),
    onSuccess: (_data, b) => {
      setBookmarks((list) => list.filter((x) => x.id !== b.id))
      toast({ title: BOOKMARK_REMOVED, description: b.title })
    },
    onError: (error) => toast({ title: FAILED_TO_REMOVE_BOOKMARK, description: messageFromApiError(error), variant: 'destructive' }),
  })

  if (bookmarks.length === 0) {
    return (
      <div className={cx(CARD_CLASS, 'flex flex-col items-center px-6 py-14 text-center')}>
        <div className="flex h-14 w-14 items-center justify-center rounded-full bg-muted text-primary">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
            <path d="M6 3h12v18l-6-4.5L6 21z" />
          </svg>
        </div>
        <h2 className="mt-4 text-2xl font-bold">{NO_BOOKMARKS}</h2>
        <p className="mt-2 max-w-md text-muted-foreground">
          Save videos and articles with the bookmark button and they will wait for you here.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <ButtonLink href="/vlog">Browse Videos</ButtonLink>
          <ButtonLink href="/blog" variant="outline">Read News &amp; Commentary</ButtonLink>
        </div>
      </div>
    )
  }

  return (
    <>
    <p className="mb-3 text-sm font-medium text-muted-foreground" aria-live="polite">
      {`${bookmarks.length} saved ${bookmarks.length === 1 ? 'item' : 'items'}`}
    </p>
    <ul aria-label="Saved items" className="space-y-3">
      {bookmarks.map((b) => {
        const busy = remove.isPending && remove.variables?.id === b.id
        return (
          <li key={b.id} className={cx(CARD_CLASS, 'flex items-center gap-3 p-3 sm:gap-4 sm:p-4')} aria-busy={busy || undefined}>
            <a href={bookmarkHref(b)} tabIndex={-1} aria-hidden="true" className="shrink-0">
              <Thumbnail src={b.thumbnailUrl} contentType={b.contentType} />
            </a>
            <div className="min-w-0 flex-1">
              <h2 className="font-sans text-base leading-snug font-semibold sm:text-lg">
                <a href={bookmarkHref(b)} className="line-clamp-3 text-pretty text-foreground no-underline hover:underline sm:line-clamp-2">
                  {b.title}
                </a>
              </h2>
              <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
                <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-foreground">{contentTypeLabel(b.contentType)}</span>
                <time dateTime={b.createdAt}>{`Saved ${formatRelativeTime(b.createdAt, now)}`}</time>
              </p>
            </div>
            <button
              type="button"
              onClick={() => !busy && remove.mutate(b)}
              aria-disabled={busy || undefined}
              aria-label={`Remove ${b.title} from bookmarks`}
              className="inline-flex h-10 shrink-0 items-center gap-2 rounded-md px-2.5 text-sm font-semibold text-destructive hover:bg-muted aria-disabled:opacity-60 dark:text-red-300"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
              </svg>
              <span className="hidden sm:inline">Remove</span>
            </button>
          </li>
        )
      })}
    </ul>
    </>
  )
}

export default withQueryClient(BookmarksList)
