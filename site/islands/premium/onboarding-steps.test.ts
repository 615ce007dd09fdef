import { describe, expect, it } from 'vitest'

import { clampStep, LAST_STEP, progressPercent } from './onboarding-steps'

describe('premium onboarding steps', () => {
  it('shows 25/50/75/100% progress for steps 0 to 3', () => {
    expect([0, 1, 2, 3].map(progressPercent)).toEqual([25, 50, 75, 100])
  })

  it('never goes past either end', () => {
    expect(clampStep(-1)).toBe(0)
    expect(clampStep(LAST_STEP + 1)).toBe(3)
    expect(clampStep(2.7)).toBe(2)
    expect(clampStep(Number.NaN)).toBe(0)
  })
})
