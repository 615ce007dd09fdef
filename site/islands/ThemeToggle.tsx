import { applyTheme, currentTheme, type Theme } from '../../shared/theme'
import { cx } from './ui/styles'

/**
 * Light/dark switch. The boot script applies the theme before paint, and CSS (the `dark` class on
 * <html>) picks both the icon and the spoken name, so the button is right before it hydrates
 * (it hydrates on first interaction) and never needs state of its own.
 */
export default function ThemeToggle({ className }: { className?: string }) {
  return (
    <button
      type="button"
      className={cx(
        'inline-flex h-10 w-10 items-center justify-center rounded-md text-foreground hover:bg-muted',
        className,
      )}
      onClick={() => {
        const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark'
        applyTheme(next)
      }}
    >
      {/* Moon and "dark" in light mode (what you switch to), sun and "light" in dark mode. */}
      <span className="sr-only dark:hidden">Switch to dark theme</span>
      <span className="sr-only hidden dark:inline">Switch to light theme</span>
      <svg aria-hidden="true" className="h-5 w-5 dark:hidden" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
      </svg>
      <svg aria-hidden="true" className="hidden h-5 w-5 dark:block" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
    </button>
  )
}
