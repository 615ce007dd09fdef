// Light/dark theme (SPEC §4): a stored choice wins; otherwise dark from 18:00 until 06:00 local time.
// Dark is applied as data-theme="night" plus the `dark` class; light as data-theme="day".
import { THEME_STORAGE_KEY } from './constants'

export type Theme = 'light' | 'dark'

export const DARK_FROM_HOUR = 18
export const DARK_UNTIL_HOUR = 6

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark'
}

export function resolveTheme(stored: string | null, hour: number): Theme {
  if (isTheme(stored)) return stored
  return hour >= DARK_FROM_HOUR || hour < DARK_UNTIL_HOUR ? 'dark' : 'light'
}

export function themeDataAttribute(theme: Theme): 'night' | 'day' {
  return theme === 'dark' ? 'night' : 'day'
}

/**
 * Inline it in <head> (`<script is:inline set:html={THEME_BOOT_SCRIPT} />`) so the page never
 * paints in the wrong theme. Self-contained ES5: the logic mirrors resolveTheme/applyTheme.
 */
export const THEME_BOOT_SCRIPT = `(function(){var s=null;try{s=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)})}catch(e){}var h=new Date().getHours();var d=s==="dark"||(s!=="light"&&(h>=${DARK_FROM_HOUR}||h<${DARK_UNTIL_HOUR}));var r=document.documentElement;r.dataset.theme=d?"night":"day";if(d){r.classList.add("dark")}else{r.classList.remove("dark")}r.style.colorScheme=d?"dark":"light"})();`

/** Browser only. Applies a theme to <html> and, unless `persist` is false, stores the choice. */
export function applyTheme(theme: Theme, persist = true): void {
  const root = document.documentElement
  root.dataset.theme = themeDataAttribute(theme)
  root.classList.toggle('dark', theme === 'dark')
  root.style.colorScheme = theme
  if (!persist) return
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // Storage can be unavailable (private mode, disabled cookies); the theme still applies.
  }
}

/** Browser only. The theme currently on <html> (what the boot script or applyTheme set). */
export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light'
}

/** Browser only. Switches to the other theme, stores it and returns it. */
export function toggleTheme(): Theme {
  const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark'
  applyTheme(next)
  return next
}
