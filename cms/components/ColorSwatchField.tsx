'use client'
import { FieldError, useField } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'

import { CATEGORY_COLOR_NAMES, CATEGORY_COLOR_PRESETS } from '../../shared/constants'
import styles from './ColorSwatchField.module.css'

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
              {CATEGORY_COLOR_NAMES[hex as keyof typeof CATEGORY_COLOR_NAMES] ?? hex} <span className={styles.hex}>{hex}</span>
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
