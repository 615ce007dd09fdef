import { ConfirmButton } from './ConfirmButton'

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
  return (
    <ConfirmButton
      label={label}
      srSuffix={itemName}
      question={question}
      description={<>“{itemName}” will be deleted. This cannot be undone.</>}
      busyLabel="Deleting…"
      onConfirm={onConfirm}
      triggerClassName="text-destructive dark:text-red-300"
      disabled={disabled}
    />
  )
}
