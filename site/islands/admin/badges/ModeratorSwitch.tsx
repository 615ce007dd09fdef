import * as Switch from '@radix-ui/react-switch'
import { useId } from 'react'

import type { AdminUserSummary } from '../../../../shared/schemas/admin-users'

/** The moderator flag as a labelled Radix switch (role="switch", Space toggles it). */
export function ModeratorSwitch({ user, busy, onChange }: { user: AdminUserSummary; busy: boolean; onChange: (isModerator: boolean) => void }) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <Switch.Root
        id={id}
        checked={user.isModerator}
        aria-label={`Moderator: ${user.username}`}
        aria-busy={busy || undefined}
        onCheckedChange={(checked) => {
          if (!busy) onChange(checked)
        }}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="pointer-events-none block h-5 w-5 translate-x-0 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
      </Switch.Root>
      <label htmlFor={id} className="text-sm">
        Moderator
      </label>
    </div>
  )
}
