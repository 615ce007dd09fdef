import { useId, useRef, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { cx } from './styles'
import { useFocusTrap } from './use-focus-trap'

interface DialogProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  /** The page's only heading level 1 when the dialog is the page (e.g. /welcome-premium). */
  titleAs?: 'h1' | 'h2'
  description?: ReactNode
  /** center: a modal card; sheet: a panel sliding in from the right edge (mobile menu). */
  variant?: 'center' | 'sheet'
  /** Close control label (its accessible name). */
  closeLabel?: string
  /** When closing means leaving the page, the close control is a real link (works without JS). */
  closeHref?: string
  returnFocusTo?: RefObject<HTMLElement | null>
  /**
   * Render into document.body. Needed when the dialog's owner sits inside an element that
   * creates a containing block for fixed children (the sticky header's backdrop blur). Only for
   * dialogs that open in the browser: portals cannot be rendered on the server.
   */
  portal?: boolean
  className?: string
  children: ReactNode
}

/** Modal dialog shell: backdrop, role dialog + aria-modal, focus trap, Escape and close button. */
export function Dialog({
  open,
  onClose,
  title,
  titleAs: Title = 'h2',
  description,
  variant = 'center',
  closeLabel = 'Close',
  closeHref,
  returnFocusTo,
  portal = false,
  className,
  children,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  useFocusTrap(panelRef, open, { onEscape: onClose, returnFocusTo })
  if (!open) return null

  const closeClass =
    'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground'
  const closeIcon = (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  )

  const dialog = (
    <div className={cx('fixed inset-0 z-50 flex', variant === 'center' ? 'items-center justify-center p-4' : 'justify-end')}>
      <div className="absolute inset-0 animate-fade-in bg-overlay" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx(
          'relative flex flex-col bg-card text-card-foreground shadow-2xl',
          variant === 'center'
            ? 'max-h-[calc(100dvh-2rem)] w-full max-w-lg animate-pop-in overflow-y-auto rounded-2xl border border-border p-6 sm:p-8'
            : 'h-full w-[min(22rem,88vw)] animate-sheet-in overflow-y-auto border-l border-border p-5',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4">
          <Title id={titleId} className="text-2xl font-bold">
            {title}
          </Title>
          {closeHref ? (
            <a href={closeHref} className={closeClass} aria-label={closeLabel}>
              {closeIcon}
            </a>
          ) : (
            <button type="button" className={closeClass} aria-label={closeLabel} onClick={onClose}>
              {closeIcon}
            </button>
          )}
        </div>
        {description ? (
          <div id={descriptionId} className="mt-2 text-muted-foreground">
            {description}
          </div>
        ) : null}
        <div className="mt-5">{children}</div>
      </div>
    </div>
  )
  return portal && typeof document !== 'undefined' ? createPortal(dialog, document.body) : dialog
}
