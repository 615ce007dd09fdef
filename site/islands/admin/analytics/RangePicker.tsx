import { useId, useState, type FormEvent } from 'react'

import { siteZone } from '../../../../shared/site-zone'
import { dayIn } from '../../../../shared/time-zones'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { INPUT_CLASS, cx } from '../../ui/styles'
import { parseCustomRange, RANGE_PRESETS, type RangeChoice } from './range'

const CUSTOM = 'custom'

/** The range select (presets, or a custom from–to checked with the server's schema before it is asked for). */
export function RangePicker({ value, onChange }: { value: RangeChoice; onChange: (range: RangeChoice) => void }) {
  const id = useId()
  const today = dayIn(new Date(), siteZone())
  const [custom, setCustom] = useState('from' in value)
  const [from, setFrom] = useState('from' in value ? value.from : '')
  const [to, setTo] = useState('from' in value ? value.to : today)
  const [error, setError] = useState<string | undefined>()
  const selected = custom ? CUSTOM : 'days' in value ? String(value.days) : CUSTOM

  const choose = (choice: string) => {
    if (choice === CUSTOM) {
      setCustom(true)
      return
    }
    setCustom(false)
    setError(undefined)
    onChange({ days: Number(choice) })
  }
  const apply = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseCustomRange(from, to)
    if ('error' in parsed) return setError(parsed.error)
    setError(undefined)
    onChange(parsed.range)
  }

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-range`} className="block text-sm font-semibold">
          Date range
        </label>
        <select id={`${id}-range`} className={cx(INPUT_CLASS, 'w-auto min-w-44 pr-8')} value={selected} onChange={(e) => choose(e.target.value)}>
          {RANGE_PRESETS.map((p) => (
            <option key={p.days} value={p.days}>
              {p.label}
            </option>
          ))}
          <option value={CUSTOM}>Custom range…</option>
        </select>
      </div>
      {custom ? (
        <form className="flex flex-wrap items-end gap-3" onSubmit={apply} aria-label="Custom date range" noValidate>
          <Field id={`${id}-from`} label="From" error={error}>
            {(control) => <input type="date" className={cx(INPUT_CLASS, 'w-auto')} max={today} value={from} onChange={(e) => setFrom(e.target.value)} {...control} />}
          </Field>
          <Field id={`${id}-to`} label="To">
            {(control) => <input type="date" className={cx(INPUT_CLASS, 'w-auto')} max={today} value={to} onChange={(e) => setTo(e.target.value)} {...control} />}
          </Field>
          <Button type="submit" className="h-11">
            Apply
          </Button>
        </form>
      ) : null}
    </div>
  )
}
