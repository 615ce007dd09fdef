import * as Select from '@radix-ui/react-select'
import { useId, useState } from 'react'

import { BADGE_LABELS, HAND_ASSIGNED_BADGES } from '../../../../shared/badges'
import type { BadgeCode } from '../../../../shared/constants'
import type { AdminUserSummary } from '../../../../shared/schemas/admin-users'
import { Button } from '../../ui/Button'
import { cx, INPUT_CLASS } from '../../ui/styles'

const CHEVRON = (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <path d="m6 9 6 6 6-6" />
  </svg>
)

/** A Radix select of the hand-assigned badges the member does not hold yet, and an Add button. */
export function AddBadgeControl({ user, busy, onAdd }: { user: AdminUserSummary; busy: boolean; onAdd: (badge: BadgeCode) => void }) {
  const id = useId()
  const [badge, setBadge] = useState<BadgeCode | ''>('')
  const available = HAND_ASSIGNED_BADGES.filter((code) => !user.badges.includes(code))
  const chosen = badge && available.includes(badge) ? badge : ''
  if (available.length === 0) return <p className="text-sm text-muted-foreground">Every badge given</p>

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">{`Badge to add to ${user.username}`}</label>
      <Select.Root value={chosen} onValueChange={(value) => setBadge(value as BadgeCode)}>
        <Select.Trigger id={id} className={cx(INPUT_CLASS, 'flex h-9 min-w-36 items-center justify-between gap-2 text-sm')}>
          <Select.Value placeholder="Choose a badge" />
          <Select.Icon>{CHEVRON}</Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content position="popper" sideOffset={4} className="z-50 min-w-(--radix-select-trigger-width) overflow-hidden rounded-md border border-border bg-card text-card-foreground shadow-lg">
            <Select.Viewport className="p-1">
              {available.map((code) => (
                <Select.Item
                  key={code}
                  value={code}
                  className="cursor-pointer rounded px-3 py-2 text-sm outline-none select-none data-highlighted:bg-muted data-[state=checked]:font-semibold"
                >
                  <Select.ItemText>{BADGE_LABELS[code]}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
      <Button
        size="sm"
        variant="outline"
        aria-label={chosen ? `Add badge ${BADGE_LABELS[chosen]} to ${user.username}` : `Add badge to ${user.username}`}
        aria-disabled={!chosen || busy || undefined}
        onClick={() => {
          if (!chosen || busy) return
          onAdd(chosen)
          setBadge('')
        }}
      >
        Add
      </Button>
    </div>
  )
}
