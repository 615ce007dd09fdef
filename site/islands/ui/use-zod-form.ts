import { useState, type ChangeEvent, type FormEvent } from 'react'
import type { z } from 'zod'
import { fieldErrors } from '../../../shared/api-error'
import { FORM_LIVE_ATTRIBUTE } from '../../directives/form-live'
import { useKeepEarlyInput, valuesInForm } from './keep-early-input'

type Values<K extends string> = Record<K, string>

/**
 * Small form state for the account forms: string values, zod validation on submit (the same
 * schema the server parses with), and live re-validation once a submit has failed.
 * Control ids are `${idPrefix}-${name}`, so the first invalid control can take focus.
 */
export function useZodForm<K extends string, S extends z.ZodType>(schema: S, initial: Values<K>, idPrefix: string) {
  const [values, setValues] = useState<Values<K>>(initial)
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({})
  const [attempted, setAttempted] = useState(false)

  function errorsFor(next: Values<K>): Partial<Record<K, string>> {
    const result = schema.safeParse(next)
    return result.success ? {} : (fieldErrors(result.error) as Partial<Record<K, string>>)
  }

  function field(name: K) {
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const next = { ...values, [name]: event.target.value }
        setValues(next)
        if (attempted) setErrors(errorsFor(next))
      },
    }
  }

  /** onSubmit handler: validates, focuses the first invalid control, or calls onValid with parsed data. */
  function handleSubmit(onValid: (data: z.output<S>) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      setAttempted(true)
      // Normally the state; a submit held until hydration reads what the fields held then.
      const current = valuesInForm(event.currentTarget, values)
      if (current !== values) setValues(current)
      const result = schema.safeParse(current)
      if (result.success) {
        setErrors({})
        onValid(result.data)
        return
      }
      const next = fieldErrors(result.error) as Partial<Record<K, string>>
      setErrors(next)
      const firstInvalid = (Object.keys(current) as K[]).find((name) => next[name])
      if (firstInvalid) document.getElementById(`${idPrefix}-${firstInvalid}`)?.focus()
    }
  }

  const id = (name: K) => `${idPrefix}-${name}`

  /**
   * The form's ref: keeps what was typed before hydration, then marks the form live, so
   * `client:form` replays a held submit.
   */
  const formRef = useKeepEarlyInput(setValues, (form) => form.setAttribute(FORM_LIVE_ATTRIBUTE, ''))

  return { values, errors, field, handleSubmit, id, formRef }
}
