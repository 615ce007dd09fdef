import { useRef, useState } from 'react'
import { PREMIUM_PRICE_LABEL } from '../../shared/constants'
import { isNavActive, type NavItem } from '../../shared/nav'
import { ButtonLink } from './ui/Button'
import { Dialog } from './ui/Dialog'
import { cx } from './ui/styles'

export interface MobileMenuProps {
  /** Nav links to show (the header adds the admin link for admins). */
  items: readonly NavItem[]
  /** Current path, to mark the active link. */
  pathname: string
  /** Sign In, bringing the reader back to this page (shared/nav.ts signInHref). */
  signInHref?: string
  /** Visitors also get the Premium / Sign In / Join Community buttons. */
  signedIn: boolean
}

/** Slide-out navigation for narrow screens: a modal sheet with the nav links. */
export default function MobileMenu({ items, pathname, signInHref = '/login', signedIn }: MobileMenuProps) {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="inline-flex h-10 w-10 items-center justify-center rounded-md text-foreground hover:bg-muted"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Menu"
        variant="sheet"
        portal
        closeLabel="Close menu"
        returnFocusTo={buttonRef}
      >
        <nav aria-label="Mobile">
          <ul className="space-y-1">
            {items.map((item) => {
              const active = isNavActive(pathname, item.href)
              return (
                <li key={item.href}>
                  <a
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    className={cx(
                      'block rounded-md px-3 py-2.5 text-base font-medium no-underline',
                      active ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-muted',
                    )}
                  >
                    {item.label}
                  </a>
                </li>
              )
            })}
          </ul>
        </nav>
        {signedIn ? null : (
          <div className="mt-6 grid gap-2 border-t border-border pt-6">
            <ButtonLink href="/premium" variant="premium" size="lg">
              {`Premium ${PREMIUM_PRICE_LABEL}`}
            </ButtonLink>
            <ButtonLink href={signInHref} variant="outline" size="lg">
              Sign In
            </ButtonLink>
            <ButtonLink href="/register" variant="primary" size="lg">
              Join Community
            </ButtonLink>
          </div>
        )}
      </Dialog>
    </>
  )
}
