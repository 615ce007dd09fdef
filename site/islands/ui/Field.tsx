import type { ReactNode } from 'react'

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: true
}

interface FieldProps {
  id: string
  label: string
  hint?: string
  error?: string
  /** Shown after the label, e.g. "(optional)". */
  labelSuffix?: string
  children: (control: FieldControlProps) => ReactNode
}

/** Label + control + hint + inline error, wired with aria-describedby / aria-invalid. */
export function Field({ id, label, hint: hintText, error, labelSuffix, children }: FieldProps) {
  // When the error repeats the hint (the age rule), say it once, as the error.
  const hint = hintText && error !== hintText ? hintText : undefined
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        {labelSuffix ? <span className="font-normal text-muted-foreground"> {labelSuffix}</span> : null}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  )
}
