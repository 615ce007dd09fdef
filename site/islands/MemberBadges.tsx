import type { ReactNode } from 'react'
import { badgeClass, cx } from './ui/styles'

interface BadgeLook {
  label: string
  className: string
  icon?: ReactNode
}

const STAR = (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3 w-3" fill="currentColor">
    <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />
  </svg>
)
const CROWN = (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3 w-3" fill="currentColor">
    <path d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5z" />
  </svg>
)
const SHIELD = (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3 w-3" fill="currentColor">
    <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z" />
  </svg>
)
const CHECK = (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3 w-3" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
    <path d="m5 12 5 5L20 7" />
  </svg>
)
const SPARK = (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3 w-3" fill="currentColor">
    <path d="M12 2l2 7 7 3-7 3-2 7-2-7-7-3 7-3z" />
  </svg>
)

/** How each badge code looks. Every pair keeps >= 4.5:1 text contrast in both themes. */
const LOOKS: Record<string, BadgeLook> = {
  // Roles shown beside comment authors (not stored badge codes).
  creator: { label: 'Creator', className: 'bg-primary text-primary-foreground', icon: STAR },
  admin: {
    label: 'Admin',
    className: 'bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900',
    icon: SHIELD,
  },
  founder: {
    label: 'Founder',
    className: 'bg-linear-to-r from-amber-300 to-yellow-400 text-amber-950 ring-1 ring-amber-500',
    icon: CROWN,
  },
  early_50: {
    label: 'Early 50',
    className: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
    icon: SPARK,
  },
  early_100: {
    label: 'Early 100',
    className: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
    icon: SPARK,
  },
  early_1000: {
    label: 'Early 1000',
    className: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
    icon: SPARK,
  },
  premium: { label: 'Premium', className: 'bg-accent text-accent-foreground', icon: STAR },
  moderator: {
    label: 'Moderator',
    className: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200',
    icon: SHIELD,
  },
  contributor: {
    label: 'Contributor',
    className: 'bg-teal-100 text-teal-900 dark:bg-teal-950 dark:text-teal-200',
  },
  verified: { label: 'Verified', className: 'bg-success-soft text-success', icon: CHECK },
}

/** Most exclusive first: a founder is also inside every early tier, but shows only the top one. */
const TIERS = ['founder', 'early_50', 'early_100', 'early_1000'] as const
const ORDER = ['creator', 'admin', ...TIERS, 'premium', 'moderator', 'contributor', 'verified']

export interface MemberBadgesProps {
  badges: readonly string[]
  memberNumber?: number | null
  /** Show every early tier the member is in, not only the most exclusive one (profile pages). */
  showAllTiers?: boolean
  /** Accessible name of the list (several lists on one page need distinct names). */
  label?: string
  /** 'md' for the profile header; 'sm' (default) everywhere else. */
  size?: 'sm' | 'md'
  className?: string
}

/** Member badges: '#N' for the member number, then creator / admin / founder / early tiers / premium / moderator… */
export default function MemberBadges({
  badges,
  memberNumber,
  showAllTiers = false,
  label = 'Member badges',
  size = 'sm',
  className,
}: MemberBadgesProps) {
  const owned = new Set(badges)
  const topTier = TIERS.find((t) => owned.has(t))
  const codes = ORDER.filter(
    (code) => owned.has(code) && (showAllTiers || !(TIERS as readonly string[]).includes(code) || code === topTier),
  )
  const showNumber = typeof memberNumber === 'number' && memberNumber > 0
  // The recipe's own padding and type size, swapped (not overridden) so no two utilities compete.
  const sized = (cls: string) => (size === 'md' ? cls.replace('px-2 py-0.5 text-xs', 'px-2.5 py-1 text-sm') : cls)
  if (!showNumber && codes.length === 0) return null

  return (
    <ul aria-label={label} className={cx('flex flex-wrap items-center gap-1.5', className)}>
      {showNumber ? (
        <li className={sized(badgeClass('outline'))}>
          <span className="sr-only">Member number </span>#{memberNumber}
        </li>
      ) : null}
      {codes.map((code) => {
        const look = LOOKS[code]!
        return (
          <li key={code} className={sized(badgeClass('plain', look.className))}>
            {look.icon}
            {look.label}
          </li>
        )
      })}
    </ul>
  )
}
