import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { useState, type ReactNode } from 'react'

import { buttonClass, type ButtonVariant } from '../../ui/styles'

export interface ConfirmButtonProps {
  /** The trigger's visible text, also the confirming button's. */
  label: string
  /** Said to screen readers after the label (which stream). */
  srSuffix?: string
  question: string
  description: ReactNode
  /** The confirming button's text while the request runs. */
  busyLabel: string
  onConfirm: () => Promise<unknown>
  variant?: ButtonVariant
  confirmVariant?: ButtonVariant
  /** Extra classes for the trigger (a destructive colour on an outline button). */
  triggerClassName?: string
  disabled?: boolean
}

/**
 * A button that asks first (Radix AlertDialog: focus starts on Cancel, Escape cancels) and keeps
 * the dialog open, its button busy, until the request settles.
 */
export function ConfirmButton({ label, srSuffix, question, description, busyLabel, onConfirm, variant = 'outline', confirmVariant = 'destructive', triggerClassName, disabled }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Trigger className={buttonClass(variant, 'sm', triggerClassName)} disabled={disabled}>
        {label}
        {srSuffix && <span className="sr-only"> {srSuffix}</span>}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border bg-background p-6 text-foreground shadow-xl">
          <AlertDialog.Title className="text-xl font-bold">{question}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 break-words text-muted-foreground">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClass('outline', 'md')} disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass(confirmVariant, 'md')}
              disabled={busy}
              onClick={(event) => {
                event.preventDefault()
                setBusy(true)
                onConfirm()
                  .catch(() => undefined)
                  .finally(() => {
                    setBusy(false)
                    setOpen(false)
                  })
              }}
            >
              {busy ? busyLabel : label}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
