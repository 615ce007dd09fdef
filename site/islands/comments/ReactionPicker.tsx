import { useEffect, useId, useRef, useState, type CSSProperties } from 'react'
import { REACTION_GROUPS } from '../../../shared/reactions'
import { cx } from '../ui/styles'

export interface ReactionPickerProps {
  /** Emojis the member has already put on this comment (shown pressed). */
  mine: ReadonlySet<string>
  disabled?: boolean
  onPick: (emoji: string) => void
}

/** The emoji picker of a comment: four groups (reactions, emotions, gestures, objects). */
const PANEL_WIDTH = 304
const MARGIN = 12

function panelPlacement(button: HTMLElement | null): CSSProperties {
  const viewport = document.documentElement.clientWidth
  const width = Math.min(PANEL_WIDTH, viewport - 2 * MARGIN)
  const left = button?.getBoundingClientRect().left ?? MARGIN
  return { width, left: Math.min(0, viewport - MARGIN - width - left) }
}

export function ReactionPicker({ mine, disabled, onPick }: ReactionPickerProps) {
  const [open, setOpen] = useState(false)
  // Where the panel sits: under the button's left edge, moved left when it would leave the screen.
  const [place, setPlace] = useState<CSSProperties>({})
  const containerRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()

  useEffect(() => {
    if (!open) return
    containerRef.current?.querySelector<HTMLButtonElement>('[data-emoji]')?.focus()
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  function close() {
    setOpen(false)
    buttonRef.current?.focus()
  }

  return (
    <div ref={containerRef} className="relative" onKeyDown={(e) => e.key === 'Escape' && open && close()}>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Add reaction"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={disabled}
        onClick={() => {
          if (!open) setPlace(panelPlacement(buttonRef.current))
          setOpen((o) => !o)
        }}
        className="inline-flex h-8 items-center gap-1 rounded-full border border-border px-2.5 text-sm text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-60"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="12" cy="12" r="9" />
          <path d="M8.5 14.5a4 4 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
        </svg>
        <span aria-hidden="true">+</span>
      </button>
      {open ? (
        <div
          id={panelId}
          role="group"
          aria-label="Reactions"
          style={place}
          className="absolute bottom-full z-30 mb-2 animate-pop-in rounded-xl border border-border bg-card p-3 text-card-foreground shadow-xl"
        >
          {REACTION_GROUPS.map((group) => (
            <div key={group.id} className="not-first:mt-2">
              <p className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{group.label}</p>
              <div className="grid grid-cols-8 gap-0.5">
                {group.emojis.map((emoji) => (
                  <button
                    key={emoji}
                    type="button"
                    data-emoji={emoji}
                    aria-label={`React with ${emoji}`}
                    aria-pressed={mine.has(emoji)}
                    onClick={() => {
                      onPick(emoji)
                      close()
                    }}
                    className={cx(
                      'flex h-8 w-8 items-center justify-center rounded-md text-lg hover:bg-muted',
                      mine.has(emoji) && 'bg-primary/15 ring-1 ring-primary',
                    )}
                  >
                    {emoji}
                  </button>
                ))}
              </div>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  )
}
