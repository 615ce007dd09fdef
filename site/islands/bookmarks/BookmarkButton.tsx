import { useMutation, useQuery } from '@tanstack/react-query'
import { messageFromApiError, statusFromApiError } from '../../../shared/api-error'
import type { BookmarkContentType } from '../../../shared/constants'
import { BOOKMARK_ADDED, BOOKMARK_ADDED_DESCRIPTION, BOOKMARK_REMOVED } from '../../../shared/member-messages'
import { signInHref } from '../../../shared/nav'
import {
  ALREADY_BOOKMARKED,
  FAILED_TO_BOOKMARK,
  FAILED_TO_REMOVE_BOOKMARK,
  SIGN_IN_REQUIRED,
  SIGN_IN_TO_BOOKMARK,
} from '../../../shared/messages'
import type { PointsAward } from '../../../shared/types/points'
import { apiJson } from '../../lib/api-client'
import { getQueryClient, withQueryClient } from '../../lib/query-client'
import { reportAward } from '../../lib/stores/points-store'
import { toast } from '../../lib/stores/toast-store'
import { buttonClass, cx } from '../ui/styles'

export interface BookmarkButtonProps {
  contentType: BookmarkContentType
  /** The video's videoId, or the post's slug. */
  contentId: string
  title: string
  thumbnailUrl?: string | null
  signedIn: boolean
  /**
   * The member's state as the server read it while rendering. With it the button is right before it
   * hydrates and makes no check request; without it, the state is fetched when the island mounts.
   */
  initialBookmarked?: boolean
  /** 'icon': a round icon button (page headers); 'full': icon and label (cards). */
  variant?: 'icon' | 'full'
  className?: string
}

export const bookmarkCheckKey = (contentType: string, contentId: string) =>
  [`/api/bookmarks/check/${contentType}/${encodeURIComponent(contentId)}`] as const

/** Save / unsave a video or post (SPEC §2, §4 Bookmark: bookmarked or not, toggled). */
function BookmarkButton({ contentType, contentId, title, thumbnailUrl, signedIn, initialBookmarked, variant = 'icon', className }: BookmarkButtonProps) {
  const key = bookmarkCheckKey(contentType, contentId)
  const check = useQuery<{ isBookmarked: boolean }>({
    queryKey: key,
    enabled: signedIn,
    ...(signedIn && initialBookmarked !== undefined ? { initialData: { isBookmarked: initialBookmarked } } : {}),
  })
  const saved = Boolean(check.data?.isBookmarked)
  const setSaved = (isBookmarked: boolean) => {
    getQueryClient().setQueryData(key, { isBookmarked })
    void getQueryClient().invalidateQueries({ queryKey: ['/api/bookmarks'], exact: true })
  }

  const toggle = useMutation({
    mutationFn: (add: boolean) =>
      add
        ? apiJson<{ award?: PointsAward | null }>('POST', '/api/bookmarks', { contentType, contentId, title, thumbnailUrl: thumbnailUrl ?? null })
        : apiJson<{ award?: PointsAward | null }>('DELETE', `/api/bookmarks/${contentType}/${encodeURIComponent(contentId)}`),
    onSuccess: (data, add) => {
      setSaved(add)
      toast(add ? { title: BOOKMARK_ADDED, description: BOOKMARK_ADDED_DESCRIPTION } : { title: BOOKMARK_REMOVED })
      if (add) reportAward(data?.award, { activityType: 'bookmark_add' })
    },
    onError: (error, add) => {
      const message = messageFromApiError(error)
      if (add && /already bookmarked/i.test(message)) {
        setSaved(true)
        toast({ title: ALREADY_BOOKMARKED, description: message })
        return
      }
      if (!add && statusFromApiError(error) === 404) setSaved(false)
      toast({ title: add ? FAILED_TO_BOOKMARK : FAILED_TO_REMOVE_BOOKMARK, description: message, variant: 'destructive' })
    },
  })

  function onClick() {
    if (!signedIn) {
      toast({ title: SIGN_IN_REQUIRED, description: SIGN_IN_TO_BOOKMARK, link: { label: 'Sign In', href: signInHref(`${location.pathname}${location.search}`) } })
      return
    }
    if (toggle.isPending || check.isLoading) return
    toggle.mutate(!saved)
  }

  const label = saved ? 'Bookmarked' : 'Bookmark'
  const icon = (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={cx('h-5 w-5', saved && 'text-primary')} fill={saved ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M6 3h12v18l-6-4.5L6 21z" />
    </svg>
  )
  return (
    <button
      type="button"
      onClick={onClick}
      // The icon keeps one name and says its state with aria-pressed; the full button says it in words.
      aria-pressed={signedIn && variant === 'icon' ? saved : undefined}
      aria-label={variant === 'icon' ? 'Bookmark' : undefined}
      aria-busy={toggle.isPending || undefined}
      title={variant === 'icon' ? label : undefined}
      className={cx(
        variant === 'icon'
          ? 'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-input text-foreground hover:bg-muted'
          : buttonClass('outline', 'md'),
        className,
      )}
    >
      {icon}
      {variant === 'full' ? <span>{label}</span> : null}
    </button>
  )
}

export default withQueryClient(BookmarkButton)
