import { useEffect, useId, useRef, useState } from 'react'

export interface CommentMenuProps {
  busy?: boolean
  onDelete: () => void
}

/** The "⋯" menu of a comment the viewer may delete: one item, 'Delete Comment'. */
export function CommentMenu({ busy, onDelete }: CommentMenuProps) {
  const [open, setOpen] = useState(false)
  const containerRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()

  useEffect(() => {
    if (!open) return
    containerRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  return (
    <div
      ref={containerRef}
      className="relative -my-1"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false)
          buttonRef.current?.focus()
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label="Comment options"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-8 w-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      </button>
      {open ? (
        <ul id={menuId} role="menu" aria-label="Comment options" className="absolute top-full right-0 z-30 mt-1 w-44 animate-pop-in rounded-lg border border-border bg-card p-1 shadow-xl">
          <li role="none">
            <button
              type="button"
              role="menuitem"
              aria-disabled={busy || undefined}
              onClick={() => {
                if (busy) return
                setOpen(false)
                onDelete()
              }}
              className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-destructive hover:bg-muted focus-visible:bg-muted dark:text-red-300"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
              </svg>
              Delete Comment
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  )
}
