'use client'
// A video's duration as the creator reads it (m:ss, or h:mm:ss), stored as ISO 8601 (PT12M34S).
// Typing '12:34', '1:02:03' or plain seconds stores the ISO form; anything else is kept as typed,
// so the field's validate refuses the save and nothing is lost.
import { FieldError, useField } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'
import { useState } from 'react'

import { formatDuration, parseDurationInput, parseIsoDuration, toIsoDuration } from '../../shared/format'

const show = (value: string | null | undefined) => (!value ? '' : parseIsoDuration(value) === null ? value : formatDuration(value))

export const DurationField: TextFieldClientComponent = ({ field, path, readOnly }) => {
  const fieldPath = path ?? field.name
  const { value, setValue, showError, disabled } = useField<string | null>({ path: fieldPath })
  const [text, setText] = useState(() => show(value))
  const id = `field-${fieldPath.replace(/\W/g, '-')}`
  const label = typeof field.label === 'string' ? field.label : 'Duration'
  const description = typeof field.admin?.description === 'string' ? field.admin.description : undefined
  const onChange = (next: string) => {
    setText(next)
    if (next.trim() === '') return setValue(null)
    const seconds = parseDurationInput(next)
    setValue(seconds === null ? next : toIsoDuration(seconds))
  }
  return (
    <div className="field-type text" style={{ marginBottom: 'var(--base)' }}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <FieldError path={fieldPath} showError={showError} />
      <div className="field-type__wrap">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          placeholder="m:ss"
          value={text}
          readOnly={readOnly || disabled}
          aria-describedby={description ? `${id}-description` : undefined}
          aria-invalid={showError || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      {description && (
        <p id={`${id}-description`} className="field-description">
          {description}
        </p>
      )}
    </div>
  )
}
