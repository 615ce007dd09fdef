import { describe, expect, it } from 'vitest'

import { feedQueryKey, formatIntensity, newestFirst, scorePercent, scoreTier, withFeedback } from './display'
import type { Recommendation } from './types'

const rec = (id: number, contentId: string, extra: Partial<Recommendation> = {}): Recommendation => ({
  id,
  userId: 1,
  contentType: 'video',
  contentId,
  recommendationType: 'mood_based',
  score: 0.5,
  reason: 'Because you feel hopeful',
  moodContext: 'hopeful',
  isViewed: false,
  isInteracted: false,
  feedback: null,
  expiresAt: '2025-01-08T00:00:00.000Z',
  createdAt: '2025-01-01T00:00:00.000Z',
  url: `/video/${contentId}`,
  video: {
    id,
    videoId: contentId,
    title: contentId,
    thumbnailUrl: '',
    publishedAt: '2024-12-01T00:00:00.000Z',
    duration: null,
    viewCount: 0,
    source: 'youtube',
    isUncut: false,
    isPremium: false,
    earlyAccessUntil: null,
  },
  ...extra,
})

describe('score colour tiers (SPEC §9)', () => {
  it('is green from 0.8, yellow from 0.6, the lowest tier below', () => {
    expect(scoreTier(1)).toBe('green')
    expect(scoreTier(0.8)).toBe('green')
    expect(scoreTier(0.79)).toBe('yellow')
    expect(scoreTier(0.6)).toBe('yellow')
    expect(scoreTier(0.59)).toBe('neutral')
    expect(scoreTier(0)).toBe('neutral')
  })

  it('shows the score as a whole percentage', () => {
    expect(scorePercent(0.876)).toBe('88%')
    expect(scorePercent(1)).toBe('100%')
    expect(scorePercent(1.2)).toBe('100%')
  })
})

describe('the feed', () => {
  it("asks for every type without a type parameter, else for the filter's", () => {
    expect(feedQueryKey('all')).toEqual(['/api/recommendations', { type: undefined }])
    expect(feedQueryKey('blog_post')).toEqual(['/api/recommendations', { type: 'blog_post' }])
  })

  it('puts a fresh batch on top and shows each video once', () => {
    const shown = [rec(1, 'a'), rec(2, 'b')]
    const fresh = [rec(3, 'b'), rec(4, 'c')]
    expect(newestFirst(fresh, shown).map((r) => r.id)).toEqual([3, 4, 1])
  })

  it('drops a not_interested item and marks the others with their feedback', () => {
    const list = [rec(1, 'a'), rec(2, 'b')]
    expect(withFeedback(list, 1, 'not_interested').map((r) => r.id)).toEqual([2])
    const liked = withFeedback(list, 2, 'liked', { feedback: 'liked', video: undefined })
    expect(liked[1]).toMatchObject({ feedback: 'liked', isInteracted: true })
    expect(liked[1]!.video?.title).toBe('b')
  })

  it('writes intensity with one decimal', () => {
    expect(formatIntensity(0.30000000000000004)).toBe('0.3')
    expect(formatIntensity(1)).toBe('1.0')
  })
})
