'use client'
import { FieldError, useField } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'

import { CATEGORY_COLOR_PRESETS } from '../../shared/constants'
import styles from './ColorSwatchField.module.css'

/** What each preset is called, for the label beside its swatch (the colour is never the only cue). */
const NAMES: Record<string, string> = {
  '#0d6efd': 'Blue',
  '#198754': 'Green',
  '#dc3545': 'Red',
  '#b45309': 'Amber',
  '#6f42c1': 'Purple',
  '#be185d': 'Pink',
  '#0f766e': 'Teal',
  '#6c757d': 'Grey',
}

/**
 * A category's colour in /cms: one of the 8 presets (SPEC §5), picked from a radio group of
 * swatches, each labelled with its name and hex (arrow keys move between them). The stored value
 * stays the hex string; the collection's validate still refuses anything else on the server.
 */
export const ColorSwatchField: TextFieldClientComponent = ({ field, path, readOnly }) => {
  const { value, setValue, showError, disabled } = useField<string>({ path })
  const label = typeof field.label === 'string' ? field.label : 'Color'
  const description = typeof field.admin?.description === 'string' ? field.admin.description : undefined
  const descriptionId = `${path}-description`
  return (
    <fieldset className={`field-type ${styles.field}`} aria-describedby={description ? descriptionId : undefined}>
      <legend className={styles.legend}>{label}</legend>
      <FieldError path={path} showError={showError} />
      <div className={styles.options}>
        {CATEGORY_COLOR_PRESETS.map((hex) => (
          <label key={hex} className={styles.option}>
            <input
              className={styles.input}
              type="radio"
              name={path}
              value={hex}
              checked={value === hex}
              disabled={readOnly || disabled}
              onChange={() => setValue(hex)}
            />
            <span className={styles.swatch} style={{ backgroundColor: hex }} aria-hidden="true" />
            <span className={styles.name}>
              {NAMES[hex] ?? hex} <span className={styles.hex}>{hex}</span>
            </span>
          </label>
        ))}
      </div>
      {description && (
        <p id={descriptionId} className="field-description">
          {description}
        </p>
      )}
    </fieldset>
  )
}
