import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { TOAST } from '../../shared/constants'
import { takeQueuedToast, toast, useToastStore, type ToastItem } from '../lib/stores/toast-store'
import { cx } from './ui/styles'

/**
 * The page's toast viewport (one per page, in BaseLayout). Polite toasts are announced through a
 * status region, destructive ones through an alert region; both regions exist before any toast
 * arrives so screen readers pick the change up. F8 moves focus to the viewport.
 */
export default function Toaster() {
  const toasts = useToastStore((s) => s.toasts)
  const dismiss = useToastStore((s) => s.dismiss)
  const viewportRef = useRef<HTMLElement>(null)
  // The viewport hydrates lazily (client:toast), usually because a toast is already in the store:
  // the first render must match the server's empty regions, the toasts come one render later.
  const [mounted, setMounted] = useState(false)

  useEffect(() => {
    setMounted(true)
    const queued = takeQueuedToast()
    if (!queued) return
    // A beat after mount, so the live regions are registered before their content changes.
    const timer = setTimeout(() => toast(queued), 150)
    return () => clearTimeout(timer)
  }, [])

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === TOAST.hotkey) {
        event.preventDefault()
        viewportRef.current?.focus()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  const open = mounted ? toasts.filter((t) => t.open) : []
  const polite = open.filter((t) => t.variant !== 'destructive')
  const urgent = open.filter((t) => t.variant === 'destructive')

  return (
    <section
      ref={viewportRef}
      tabIndex={-1}
      aria-label={`Notifications (${TOAST.hotkey})`}
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex flex-col gap-2 p-4 md:inset-x-auto md:top-auto md:right-0 md:bottom-0 md:w-full md:max-w-[420px]"
    >
      <div role="status" aria-live="polite" aria-atomic="true">
        {polite.map((t) => (
          <ToastCard key={t.id} item={t} onDismiss={dismiss} />
        ))}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {urgent.map((t) => (
          <ToastCard key={t.id} item={t} onDismiss={dismiss} />
        ))}
      </div>
    </section>
  )
}

function ToastCard({ item, onDismiss }: { item: ToastItem; onDismiss: (id: string) => void }) {
  const close = useCallback(() => onDismiss(item.id), [onDismiss, item.id])
  const [paused, setPaused] = useState(false)
  const remaining = useRef<number>(item.durationMs ?? TOAST.durationMs)

  // Auto-dismiss, paused while the pointer is over the toast or focus is inside it.
  useEffect(() => {
    if (paused) return
    const started = Date.now()
    const timer = setTimeout(close, Math.max(0, remaining.current))
    return () => {
      clearTimeout(timer)
      remaining.current -= Date.now() - started
    }
  }, [paused, close])

  const swipe = useSwipeRight(close)
  const destructive = item.variant === 'destructive'

  return (
    <div
      className={cx(
        'pointer-events-auto relative flex w-full animate-toast-in touch-pan-y items-start gap-3 rounded-lg border p-4 pr-12 shadow-lg',
        // No transition while following the finger; a short one for the snap back.
        swipe.offset === 0 && 'transition-transform',
        destructive
          ? 'border-destructive bg-destructive text-destructive-foreground'
          : 'border-border bg-card text-card-foreground',
      )}
      style={swipe.offset ? { transform: `translateX(${swipe.offset}px)`, opacity: Math.max(0.2, 1 - swipe.offset / 200) } : undefined}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false)
      }}
      {...swipe.handlers}
    >
      <div className="grid gap-1">
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description ? <p className="text-sm opacity-95">{item.description}</p> : null}
        {item.link ? (
          <a href={item.link.href} className="text-sm font-semibold underline underline-offset-2">
            {item.link.label}
          </a>
        ) : null}
      </div>
      <button
        type="button"
        onClick={close}
        aria-label="Dismiss notification"
        className={cx(
          'absolute top-2 right-2 inline-flex h-8 w-8 items-center justify-center rounded-md',
          destructive ? 'hover:bg-black/15' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
        )}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
          <path d="M18 6 6 18M6 6l12 12" />
        </svg>
      </button>
    </div>
  )
}

/** Swipe right past TOAST.swipeThreshold px to dismiss; a shorter drag snaps back. */
function useSwipeRight(onSwiped: () => void) {
  const startX = useRef<number | null>(null)
  const [offset, setOffset] = useState(0)

  const end = (event: ReactPointerEvent<HTMLElement>, cancelled: boolean) => {
    if (startX.current === null) return
    const distance = Math.max(0, event.clientX - startX.current)
    startX.current = null
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId)
    }
    if (!cancelled && distance >= TOAST.swipeThreshold) onSwiped()
    else setOffset(0)
  }

  return {
    offset,
    handlers: {
      onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
        if (event.button !== 0) return
        startX.current = event.clientX
      },
      onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
        if (startX.current === null) return
        const distance = Math.max(0, event.clientX - startX.current)
        // Capture only once it is clearly a drag, so a plain click still reaches the close button.
        if (distance > 4 && !event.currentTarget.hasPointerCapture(event.pointerId)) {
          event.currentTarget.setPointerCapture(event.pointerId)
        }
        setOffset(distance)
      },
      onPointerUp: (event: ReactPointerEvent<HTMLElement>) => end(event, false),
      onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => end(event, true),
    },
  }
}
