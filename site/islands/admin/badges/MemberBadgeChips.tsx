import { BADGE_LABELS, isHandAssignedBadge } from '../../../../shared/badges'
import { removeBadgeLabel } from '../../../../shared/badge-messages'
import type { BadgeCode } from '../../../../shared/constants'
import type { AdminUserSummary } from '../../../../shared/schemas/admin-users'
import { badgeClass } from '../../ui/styles'

const CROSS = (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
    <path d="M6 6l12 12M18 6 6 18" />
  </svg>
)

/** The member's badges; the hand-given ones carry a remove button, the site's own say so on hover. */
export function MemberBadgeChips({ user, busy, onRemove }: { user: AdminUserSummary; busy: boolean; onRemove: (badge: BadgeCode) => void }) {
  if (user.badges.length === 0) return <p className="text-sm text-muted-foreground">No badges</p>
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={`${user.username}'s badges`}>
      {user.badges.map((badge) => {
        const label = BADGE_LABELS[badge] ?? badge
        const removable = isHandAssignedBadge(badge)
        return (
          <li key={badge} className={badgeClass(removable ? 'primary' : 'neutral', 'pr-1')} title={removable ? undefined : 'Kept by the site'}>
            <span>{badge === 'member' && user.memberNumber ? `${label} #${user.memberNumber}` : label}</span>
            {removable ? (
              <button
                type="button"
                className="inline-flex h-5 w-5 items-center justify-center rounded-full hover:bg-black/20 aria-disabled:opacity-60"
                aria-label={removeBadgeLabel(label, user.username)}
                aria-disabled={busy || undefined}
                onClick={() => {
                  if (!busy) onRemove(badge)
                }}
              >
                {CROSS}
              </button>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
