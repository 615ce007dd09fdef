'use client'
import type { ConditionalDateProps, DateFieldClientProps } from 'payload'

import { DatePicker, FieldDescription, FieldError, FieldLabel, RenderCustomComponent, TimezonePicker, useField, withCondition } from '@payloadcms/ui'
import { useCallback, useMemo } from 'react'

import { timeZoneLabel } from '../../shared/site-zone'
import { localAsWallClock, wallClockAsLocal } from '../../shared/time-zones'

type Props = DateFieldClientProps & { timeZone: string }

const noChange = () => {}

/**
 * Payload's date field (its DatePicker, label, error and description, its classes) on `timeZone`'s
 * clock instead of the browser's. Payload's picker draws on the browser's clock; Payload itself
 * moves a value onto another zone only for fields with a `<name>_tz` column, which would be a
 * schema change for every date: here the value is moved onto the site's wall clock for the picker
 * and back to the instant it names there on change. The zone is named beside it, read-only, as
 * Payload names a zone-pinned field's.
 */
function SiteZoneDatePickerComponent({ field, path: pathFromProps, readOnly, timeZone }: Props) {
  const { admin, label, localized, required } = field
  const datePickerProps: ConditionalDateProps = admin?.date ?? {}
  const placeholder = admin?.placeholder
  const { customComponents: { AfterInput, BeforeInput, Description, Error, Label } = {}, disabled, path, setValue, showError, value } = useField<string | null>({
    potentiallyStalePath: pathFromProps,
  })

  const shown = useMemo(() => (value ? wallClockAsLocal(new Date(value), timeZone).toISOString() : value), [value, timeZone])
  const locked = Boolean(readOnly || disabled)
  const onChange = useCallback(
    (picked: Date | null) => {
      if (locked) return
      setValue(picked ? localAsWallClock(picked, timeZone).toISOString() : null)
    },
    [locked, setValue, timeZone],
  )

  const classes = ['field-type', 'date-time-field', admin?.className, showError && 'date-time-field--has-error', locked && 'read-only'].filter(Boolean).join(' ')
  return (
    <div className={classes}>
      <RenderCustomComponent CustomComponent={Label} Fallback={<FieldLabel label={label} localized={localized} path={path} required={required} />} />
      <div className="field-type__wrap" id={`field-${path.replace(/\./g, '__')}`}>
        <RenderCustomComponent CustomComponent={Error} Fallback={<FieldError path={path} showError={showError} />} />
        {BeforeInput}
        <DatePicker
          {...datePickerProps}
          onChange={onChange}
          placeholder={typeof placeholder === 'string' ? placeholder : undefined}
          readOnly={locked}
          value={shown ?? undefined}
        />
        <TimezonePicker id={`${path}-timezone-picker`} onChange={noChange} options={[{ label: timeZoneLabel(timeZone), value: timeZone }]} readOnly selectedTimezone={timeZone} />
        {AfterInput}
      </div>
      <RenderCustomComponent CustomComponent={Description} Fallback={<FieldDescription description={admin?.description} path={path} />} />
    </div>
  )
}

export const SiteZoneDatePicker = withCondition(SiteZoneDatePickerComponent)
