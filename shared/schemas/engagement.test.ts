import { describe, expect, it } from 'vitest'
import { generateRecommendationsSchema, moodSchema, recommendationsQuerySchema } from './engagement'
import { errorsOf } from './test-helpers'

describe('moodSchema', () => {
  it('defaults intensity to 0.5 and drops an empty context', () => {
    expect(moodSchema.parse({ mood: 'hopeful', context: '' })).toEqual({ mood: 'hopeful', intensity: 0.5 })
  })

  it('keeps intensity within 0.1..1 on 0.1 steps', () => {
    expect(moodSchema.parse({ mood: 'sad', intensity: 0.30000000000000004 }).intensity).toBe(0.3)
    expect(moodSchema.safeParse({ mood: 'sad', intensity: 0 }).success).toBe(false)
    expect(moodSchema.safeParse({ mood: 'sad', intensity: 1.1 }).success).toBe(false)
  })

  it('requires one of the ten moods', () => {
    expect(errorsOf(moodSchema.safeParse({ mood: 'bored' })).mood).toEqual([
      "Please select how you're feeling right now.",
    ])
  })

  it('limits context to 500 characters', () => {
    expect(moodSchema.safeParse({ mood: 'curious', context: 'c'.repeat(500) }).success).toBe(true)
    expect(moodSchema.safeParse({ mood: 'curious', context: 'c'.repeat(501) }).success).toBe(false)
  })
})

describe('recommendations', () => {
  it('generates 10 by default', () => {
    expect(generateRecommendationsSchema.parse({ mood: 'inspired' }).limit).toBe(10)
    expect(generateRecommendationsSchema.parse({ mood: 'inspired', limit: 8 }).limit).toBe(8)
  })

  it("treats type 'all' or absent as every type", () => {
    expect(recommendationsQuerySchema.parse({ type: 'all' }).type).toBeUndefined()
    expect(recommendationsQuerySchema.parse({}).type).toBeUndefined()
    expect(recommendationsQuerySchema.parse({ type: 'video' }).type).toBe('video')
  })
})
