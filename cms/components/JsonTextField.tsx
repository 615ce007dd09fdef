'use client'
// An editable JSON field as plain text: Payload's own JSON field is a Monaco editor loaded from a
// CDN, which the /cms CSP blocks (and no admin view may load from one). While the text is not
// JSON it is kept as typed, so the field's validate refuses the save and nothing is lost.
import { FieldError, useField } from '@payloadcms/ui'
import type { JSONFieldClientComponent } from 'payload'
import { useState } from 'react'

const show = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2))

export const JsonTextField: JSONFieldClientComponent = ({ field, path, readOnly }) => {
  const fieldPath = path ?? field.name
  const { value, setValue, showError, disabled } = useField<unknown>({ path: fieldPath })
  const [text, setText] = useState(() => show(value))
  const id = `field-${fieldPath.replace(/\W/g, '-')}`
  const label = typeof field.label === 'string' ? field.label : field.name
  const description = typeof field.admin?.description === 'string' ? field.admin.description : undefined
  const onChange = (next: string) => {
    setText(next)
    if (next.trim() === '') return setValue(null)
    try {
      setValue(JSON.parse(next))
    } catch {
      setValue(next)
    }
  }
  return (
    <div className="field-type textarea" style={{ marginBottom: 'var(--base)' }}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <FieldError path={fieldPath} showError={showError} />
      <div className="textarea-outer">
        <textarea
          id={id}
          className="textarea-element"
          rows={4}
          spellCheck={false}
          value={text}
          readOnly={readOnly || disabled}
          aria-describedby={description ? `${id}-description` : undefined}
          aria-invalid={showError || undefined}
          onChange={(e) => onChange(e.target.value)}
          style={{ fontFamily: 'var(--font-mono, monospace)' }}
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
