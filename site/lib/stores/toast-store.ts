// Toasts (SPEC §2, §9): one at a time, shown 5000 ms, swipe right or press the close button to
// dismiss. The site is multi-page, so a toast meant for "after the redirect" (login, register,
// age verification) travels through sessionStorage and is shown by the Toaster of the next page.
import { create } from 'zustand'
import { TOAST } from '../../../shared/constants'
import { queuedFeedbackHeld } from './feedback-hold'
import { PENDING_TOAST_KEY, TOAST_EVENT } from './toast-keys'

export type ToastVariant = 'default' | 'destructive'

export interface ToastInput {
  title: string
  description?: string
  variant?: ToastVariant
  /** How long it shows (default TOAST.durationMs); the points toast shows TOAST.pointsToastMs. */
  durationMs?: number
  /** A link under the text (e.g. Sign In, back to this page). */
  link?: { label: string; href: string }
}

export interface ToastItem extends ToastInput {
  id: string
  open: boolean
}

interface ToastState {
  toasts: ToastItem[]
  /** Shows a toast, replacing older ones beyond the limit; returns its id. */
  show: (input: ToastInput) => string
  /** Hides one toast (or all); it is removed from memory after TOAST.removeDelayMs. */
  dismiss: (id?: string) => void
  remove: (id: string) => void
}

let counter = 0
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (input) => {
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER
    const id = `toast-${counter}`
    set((state) => ({ toasts: [{ ...input, id, open: true }, ...state.toasts].slice(0, TOAST.limit) }))
    return id
  },
  dismiss: (id) => {
    set((state) => ({
      toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
    }))
    for (const t of get().toasts) {
      if ((id === undefined || t.id === id) && !removalTimers.has(t.id)) {
        removalTimers.set(
          t.id,
          setTimeout(() => get().remove(t.id), TOAST.removeDelayMs),
        )
      }
    }
  },
  remove: (id) => {
    const timer = removalTimers.get(id)
    if (timer) clearTimeout(timer)
    removalTimers.delete(id)
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }))
  },
}))

/** Shows a toast from anywhere (islands, event handlers, plain modules). */
export function toast(input: ToastInput): string {
  const id = useToastStore.getState().show(input)
  // The viewport island hydrates on this (client:toast) and then renders the store's toasts.
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOAST_EVENT))
  return id
}

/** Keeps a toast for the next page load (use right before window.location.assign). */
export function queueToastForNextPage(input: ToastInput): void {
  try {
    sessionStorage.setItem(PENDING_TOAST_KEY, JSON.stringify(input))
  } catch {
    // Storage blocked (private mode quotas, disabled cookies): the toast is lost, nothing else is.
  }
}

/** Reads and forgets the queued toast, if any (left queued on a page that holds it for the next). */
export function takeQueuedToast(): ToastInput | null {
  if (queuedFeedbackHeld()) return null
  try {
    const raw = sessionStorage.getItem(PENDING_TOAST_KEY)
    if (!raw) return null
    sessionStorage.removeItem(PENDING_TOAST_KEY)
    const parsed: unknown = JSON.parse(raw)
    if (!parsed || typeof parsed !== 'object' || typeof (parsed as ToastInput).title !== 'string') return null
    const { title, description, variant } = parsed as ToastInput
    return {
      title,
      description: typeof description === 'string' ? description : undefined,
      variant: variant === 'destructive' ? 'destructive' : 'default',
    }
  } catch {
    return null
  }
}
