// Class recipes shared by the React atoms in this folder and by .astro components, so a link
// styled as a button looks the same whether the server or an island renders it.
// Plain strings only (no React import): .astro files can import this module at no JS cost.

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'premium' | 'destructive'
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon'

const BUTTON_BASE =
  'inline-flex items-center justify-center gap-2 rounded-md font-semibold whitespace-nowrap no-underline ' +
  'transition-colors disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60'

const BUTTON_VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary-hover',
  secondary: 'bg-muted text-foreground hover:bg-border',
  outline: 'border border-input bg-transparent text-foreground hover:bg-muted',
  ghost: 'bg-transparent text-foreground hover:bg-muted',
  premium: 'bg-accent text-accent-foreground hover:brightness-95 shadow-sm',
  destructive: 'bg-destructive text-destructive-foreground hover:brightness-95',
}

const BUTTON_SIZES: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10 p-0',
}

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return cx(BUTTON_BASE, BUTTON_VARIANTS[variant], BUTTON_SIZES[size], extra)
}

export const INPUT_CLASS =
  'block w-full h-11 rounded-md border border-input bg-card px-3 text-base text-card-foreground ' +
  'placeholder:text-muted-foreground aria-invalid:border-destructive disabled:opacity-60'

export type BadgeTone = 'neutral' | 'primary' | 'premium' | 'success' | 'warning' | 'outline' | 'plain'

const BADGE_TONES: Record<BadgeTone, string> = {
  neutral: 'bg-muted text-foreground',
  primary: 'bg-primary text-primary-foreground',
  premium: 'bg-accent text-accent-foreground',
  success: 'bg-success-soft text-success',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  outline: 'border border-input text-foreground',
  /** No colours: the caller supplies them. */
  plain: '',
}

export function badgeClass(tone: BadgeTone = 'neutral', extra = ''): string {
  return cx(
    'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold leading-5 whitespace-nowrap',
    BADGE_TONES[tone],
    extra,
  )
}

export const CARD_CLASS = 'rounded-xl border border-border bg-card text-card-foreground shadow-sm'

/** Joins class names, skipping falsy ones. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ')
}
