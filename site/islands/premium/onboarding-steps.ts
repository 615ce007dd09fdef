// The Premium onboarding dialog's step model (SPEC §2): four steps, 0 to 3, never past either end.

export const ONBOARDING_STEPS = ['Welcome', 'Features', 'Pricing', 'Payment'] as const
export const FIRST_STEP = 0
export const LAST_STEP = ONBOARDING_STEPS.length - 1

/** Any number → a valid step index (non-integers round down; out of range sticks to the end). */
export function clampStep(step: number): number {
  if (!Number.isFinite(step)) return FIRST_STEP
  return Math.min(LAST_STEP, Math.max(FIRST_STEP, Math.floor(step)))
}

/** Step 0 → 25, 1 → 50, 2 → 75, 3 → 100. */
export function progressPercent(step: number): number {
  return Math.round(((clampStep(step) + 1) / ONBOARDING_STEPS.length) * 100)
}
