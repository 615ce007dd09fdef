// Colour recipes of the points UI (Tailwind scans only site/, so the class strings live here).
// Plain strings: .astro components import them at no JS cost.
import { levelColorIndex, type PointsTier, type StreakStage } from '../../../shared/points-display'

/** Colours per tier: each text/background pair keeps >= 4.5:1 (white on the 700s and on violet). */
export const POINTS_TIER_CLASS: Record<PointsTier, string> = {
  top: 'bg-violet-700 text-white',
  middle: 'bg-amber-700 text-white',
  lowest: 'bg-emerald-700 text-white',
}

/** Ring stroke classes per streak stage (graphics >= 3:1 on the card in both themes). */
export const STREAK_STAGE_CLASS: Record<StreakStage, string> = {
  0: 'text-stone-500 dark:text-stone-400',
  1: 'text-amber-600 dark:text-amber-400',
  2: 'text-orange-600 dark:text-orange-400',
  3: 'text-red-600 dark:text-red-400',
}

/** Ring stroke classes by level, 1 to 10 (levels above repeat the top colour). */
const LEVEL_RING_CLASSES = [
  'text-stone-500 dark:text-stone-400',
  'text-emerald-600 dark:text-emerald-400',
  'text-sky-700 dark:text-sky-400',
  'text-violet-600 dark:text-violet-400',
  'text-amber-600 dark:text-amber-400',
  'text-orange-600 dark:text-orange-400',
  'text-rose-600 dark:text-rose-400',
  'text-fuchsia-600 dark:text-fuchsia-400',
  'text-cyan-700 dark:text-cyan-400',
  'text-yellow-700 dark:text-yellow-300',
] as const

export const levelRingClass = (level: number): string => LEVEL_RING_CLASSES[levelColorIndex(level)]!

/** Rarity chip colours (§9 rarity), text >= 4.5:1 in both themes. */
export const RARITY_CLASS: Record<string, string> = {
  legendary: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  epic: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
  rare: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  common: 'bg-muted text-foreground',
}

