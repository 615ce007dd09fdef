import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { useState } from 'react'

import { buttonClass } from '../../ui/styles'

export interface ConfirmDeleteProps {
  /** The question (SPEC §2: 'Are you sure you want to delete this post?'). */
  question: string
  /** What is deleted, named under the question and in the trigger's accessible name. */
  itemName: string
  /** Runs the delete; the dialog stays open (its button busy) until it settles, then closes. */
  onConfirm: () => Promise<unknown>
  /** The trigger's visible text. */
  label?: string
  disabled?: boolean
}

/** A Delete button that asks first (Radix AlertDialog: focus on Cancel, Escape cancels). */
export function ConfirmDelete({ question, itemName, onConfirm, label = 'Delete', disabled }: ConfirmDeleteProps) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Trigger className={buttonClass('outline', 'sm', 'text-destructive dark:text-red-300')} disabled={disabled}>
        {label}
        <span className="sr-only"> {itemName}</span>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border bg-background p-6 text-foreground shadow-xl">
          <AlertDialog.Title className="text-xl font-bold">{question}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 break-words text-muted-foreground">
            “{itemName}” will be deleted. This cannot be undone.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClass('outline', 'md')} disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass('destructive', 'md')}
              disabled={busy}
              onClick={(event) => {
                // Stay open while the request runs.
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
              {busy ? 'Deleting…' : 'Delete'}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
