import { useEffect, useRef, type RefObject } from 'react'

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getClientRects().length > 0,
  )
}

interface FocusTrapOptions {
  /** Called on Escape. */
  onEscape?: () => void
  /** Where focus goes when the trap ends; defaults to whatever had focus when it started. */
  returnFocusTo?: RefObject<HTMLElement | null>
  /** Lock page scrolling while active (modal dialogs, sheets). */
  lockScroll?: boolean
}

/**
 * While `active`: moves focus into `containerRef` (the first element marked data-autofocus, else
 * the first focusable one, else the container), keeps Tab / Shift+Tab inside it, closes on Escape,
 * and gives focus back when it ends.
 */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  active: boolean,
  { onEscape, returnFocusTo, lockScroll = true }: FocusTrapOptions = {},
) {
  const onEscapeRef = useRef(onEscape)
  useEffect(() => {
    onEscapeRef.current = onEscape
  })

  useEffect(() => {
    const container = containerRef.current
    if (!active || !container) return
    const previouslyFocused = document.activeElement as HTMLElement | null

    const initial =
      container.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(container)[0] ?? container
    initial.focus()

    const previousOverflow = document.body.style.overflow
    if (lockScroll) document.body.style.overflow = 'hidden'

    function onKeyDown(event: KeyboardEvent) {
      if (!container) return
      if (event.key === 'Escape') {
        event.stopPropagation()
        onEscapeRef.current?.()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusableIn(container)
      if (items.length === 0) {
        event.preventDefault()
        container.focus()
        return
      }
      const first = items[0]!
      const last = items[items.length - 1]!
      const current = document.activeElement
      if (event.shiftKey && (current === first || !container.contains(current))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (current === last || !container.contains(current))) {
        event.preventDefault()
        first.focus()
      }
    }

    // Focus escaping by other means (a click on the backdrop, assistive tech) is pulled back.
    function onFocusIn(event: FocusEvent) {
      if (container && event.target instanceof Node && !container.contains(event.target)) {
        ;(focusableIn(container)[0] ?? container).focus()
      }
    }

    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('focusin', onFocusIn)
      if (lockScroll) document.body.style.overflow = previousOverflow
      const target = returnFocusTo?.current ?? previouslyFocused
      target?.focus()
    }
  }, [active, containerRef, returnFocusTo, lockScroll])
}
