import { useMutation } from '@tanstack/react-query'
import { useStore } from 'zustand'
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react'
import { messageFromApiError } from '../../shared/api-error'
import { PREMIUM_PRICE_LABEL } from '../../shared/constants'
import { avatarLetter } from '../../shared/format'
import { LOGOUT_FAILED } from '../../shared/messages'
import { offersPremium } from '../../shared/premium'
import type { SessionUser } from '../../shared/schemas/auth'
import { apiRequest } from '../lib/api-client'
import { getQueryClient, useMe, withQueryClient } from '../lib/query-client'
import { pointsStore } from '../lib/stores/points-store'
import { toast } from '../lib/stores/toast-store'
import MemberBadges from './MemberBadges'
import { Badge } from './ui/Badge'
import { cx } from './ui/styles'

interface MenuEntry {
  label: string
  href?: string
  onSelect?: () => void
}

export interface AvatarMenuProps {
  user: SessionUser
}

/** Signed-in header menu (SPEC §2): identity, badges, level, verification and account links. */
function AvatarMenu({ user }: AvatarMenuProps) {
  const [open, setOpen] = useState(false)
  // Which item to focus once the menu has rendered: 'first', 'last' or none.
  const [pendingFocus, setPendingFocus] = useState<'first' | 'last' | null>(null)
  const containerRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLUListElement>(null)
  const buttonId = useId()
  const menuId = useId()
  // The live level: the me query (refreshed after an award) or the level an award just reached.
  const me = useMe(user).data
  const awardedLevel = useStore(pointsStore, (s) => s.level)
  const level = Math.max(user.level, me?.level ?? 0, awardedLevel ?? 0)

  const logout = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: () => {
      getQueryClient().clear()
      window.location.assign('/')
    },
    onError: (error) => {
      toast({ title: LOGOUT_FAILED, description: messageFromApiError(error), variant: 'destructive' })
    },
  })

  const entries: MenuEntry[] = [
    ...(!user.isVerified ? [{ label: 'Verify Age', href: '/age-verification' }] : []),
    { label: 'My Bookmarks', href: '/bookmarks' },
    { label: 'Leaderboard', href: '/leaderboard' },
    { label: 'Gamification', href: '/gamification' },
    { label: 'Live Streams', href: '/live' },
    ...(offersPremium(user) ? [{ label: `Upgrade to Premium - ${PREMIUM_PRICE_LABEL}`, href: '/subscribe' }] : []),
    { label: 'Log out', onSelect: () => logout.mutate() },
  ]

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])

  useEffect(() => {
    if (!open || !pendingFocus) return
    const list = items()
    ;(pendingFocus === 'first' ? list[0] : list[list.length - 1])?.focus()
    setPendingFocus(null)
  }, [open, pendingFocus])

  // A pointer press outside closes the menu (focus stays where the press put it).
  useEffect(() => {
    if (!open) return
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  function openMenu(focus: 'first' | 'last') {
    setOpen(true)
    setPendingFocus(focus)
  }

  function closeMenu(returnFocus: boolean) {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }

  function onButtonKeyDown(event: ReactKeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      openMenu('first')
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      openMenu('last')
    }
  }

  function onMenuKeyDown(event: ReactKeyboardEvent<HTMLUListElement>) {
    const list = items()
    const index = list.indexOf(document.activeElement as HTMLElement)
    const move = (i: number) => list[(i + list.length) % list.length]?.focus()
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        move(index + 1)
        break
      case 'ArrowUp':
        event.preventDefault()
        move(index - 1)
        break
      case 'Home':
        event.preventDefault()
        move(0)
        break
      case 'End':
        event.preventDefault()
        move(list.length - 1)
        break
      case 'Escape':
        event.preventDefault()
        closeMenu(true)
        break
      case 'Tab':
        closeMenu(false)
        break
    }
  }

  const itemClass =
    'flex w-full items-center rounded-md px-3 py-2 text-left text-sm no-underline hover:bg-muted focus-visible:bg-muted'

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? closeMenu(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
        className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-primary text-base font-bold text-primary-foreground shadow-sm hover:bg-primary-hover"
      >
        <span aria-hidden="true">{avatarLetter(user.username)}</span>
      </button>

      {open ? (
        <div className="absolute top-full right-0 z-50 mt-2 w-72 animate-pop-in rounded-xl border border-border bg-card p-2 text-card-foreground shadow-xl">
          <div className="space-y-2 px-3 pt-2 pb-3">
            <div>
              <p className="truncate font-semibold">{user.username}</p>
              <p className="truncate text-sm text-muted-foreground">{user.email || 'No email'}</p>
            </div>
            <MemberBadges badges={user.badges} memberNumber={user.memberNumber} />
            <div className="flex flex-wrap items-center gap-1.5">
              <Badge tone="primary">
                <span aria-hidden="true">Lv {level}</span>
                <span className="sr-only">Level {level}</span>
              </Badge>
              {user.isVerified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Unverified</Badge>}
            </div>
          </div>
          <hr className="border-border" />
          <ul
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={buttonId}
            onKeyDown={onMenuKeyDown}
            className="mt-1 space-y-0.5"
          >
            {entries.map((entry) => (
              <li key={entry.label} role="none">
                {entry.href ? (
                  <a role="menuitem" tabIndex={-1} href={entry.href} className={cx(itemClass, 'text-foreground')}>
                    {entry.label}
                  </a>
                ) : (
                  <button
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    aria-disabled={logout.isPending || undefined}
                    onClick={() => {
                      if (!logout.isPending) entry.onSelect?.()
                    }}
                    className={cx(itemClass, 'text-destructive dark:text-red-300')}
                  >
                    {entry.label}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

export default withQueryClient(AvatarMenu)
