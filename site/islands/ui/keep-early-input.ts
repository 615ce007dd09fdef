import { useCallback, type Dispatch, type SetStateAction } from 'react'

type TextValues = Record<string, string>

/**
 * `values` with each named field of `form` read from the page where the two differ; `values` itself
 * (the same object) when none does.
 */
export function valuesInForm<V extends TextValues>(form: HTMLFormElement, values: V): V {
  let current = values
  for (const name of Object.keys(values) as (keyof V & string)[]) {
    const control = form.elements.namedItem(name)
    const field = control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement ? control : null
    if (field && field.value !== current[name]) current = { ...current, [name]: field.value }
  }
  return current
}

/**
 * The ref of a server-rendered form whose fields are controlled by `values` state. What a reader
 * types, pastes or autofills before the island has hydrated is only in the fields: React hydrates
 * them as they are, but its state still holds the server's value, which the next render writes back
 * (the judges' lost paste and dropped first letter). So when the form mounts, the state takes what
 * its fields hold; a field the reader is in keeps its focus and caret, as its text does not change.
 * `onMount` runs after that, with the form.
 */
export function useKeepEarlyInput<V extends TextValues>(setValues: Dispatch<SetStateAction<V>>, onMount?: (form: HTMLFormElement) => void) {
  // Stable on purpose: React calls a ref again whenever its function changes.
  return useCallback((form: HTMLFormElement | null) => {
    if (!form) return
    setValues((values) => valuesInForm(form, values))
    onMount?.(form)
  }, [])
}
