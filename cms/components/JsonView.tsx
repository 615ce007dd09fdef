'use client'
// A JSON field shown as text, for ledgers nobody edits in /cms. Payload's own JSON field is a
// Monaco editor loaded from a CDN, which the /cms CSP blocks (and no admin view may load from one).
import { useField } from '@payloadcms/ui'
import type { JSONFieldClientComponent } from 'payload'

export const JsonView: JSONFieldClientComponent = ({ field, path }) => {
  const { value } = useField<unknown>({ path: path ?? field.name })
  const id = `json-view-${field.name}`
  const label = typeof field.label === 'string' ? field.label : field.name
  return (
    <div className="field-type json-view" style={{ marginBottom: 'var(--base)' }}>
      <span className="field-label" id={id}>
        {label}
      </span>
      <pre aria-labelledby={id} style={{ margin: 0, padding: 'calc(var(--base) / 2)', background: 'var(--theme-elevation-50)', borderRadius: 'var(--style-radius-s)', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value === undefined || value === null ? '—' : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  )
}
