import { describe, expect, it } from 'vitest'

import { POINTS } from './constants'
import { ACTIVITY_POINTS, awardDescription, DAILY_POINT_CAPS, levelFor, nextLevelAfter } from './points'

const levels = [
  { level: 1, pointsRequired: 0 },
  { level: 2, pointsRequired: 100 },
  { level: 3, pointsRequired: 250 },
  { level: 4, pointsRequired: 500 },
  { level: 5, pointsRequired: 1000 },
  { level: 10, pointsRequired: 7500 },
]

describe('level math', () => {
  it('the highest threshold reached, exactly at the boundary', () => {
    expect(levelFor(0, levels)).toBe(1)
    expect(levelFor(99, levels)).toBe(1)
    expect(levelFor(100, levels)).toBe(2)
    expect(levelFor(499, levels)).toBe(3)
    expect(levelFor(1000, levels)).toBe(5)
    expect(levelFor(10_000, levels)).toBe(10)
    expect(levelFor(50, [])).toBe(1)
  })

  it('next level with the points still needed; null at the top', () => {
    expect(nextLevelAfter(1, 40, levels)).toEqual({ level: 2, pointsRequired: 100, pointsNeeded: 60 })
    expect(nextLevelAfter(5, 1200, levels)).toEqual({ level: 10, pointsRequired: 7500, pointsNeeded: 6300 })
    expect(nextLevelAfter(10, 9000, levels)).toBeNull()
  })
})

describe('points and descriptions (§9)', () => {
  it('keeps the table values and adds ours for the rest', () => {
    for (const [type, points] of Object.entries(POINTS)) expect(ACTIVITY_POINTS[type as keyof typeof POINTS]).toBe(points)
    expect(ACTIVITY_POINTS.level_up).toBe(0)
  })

  it('uses the spec wording', () => {
    expect(awardDescription('video_watch', { title: 'Voices' })).toBe('Watched: Voices')
    expect(awardDescription('video_complete', { title: 'Voices' })).toBe('Completed: Voices')
    expect(awardDescription('comment_post', { title: 'Voices' })).toBe('Commented on: Voices')
    expect(awardDescription('blog_read', { title: 'News' })).toBe('Read: News')
    expect(awardDescription('bookmark_add', { title: 'News' })).toBe('Bookmarked: News')
    expect(awardDescription('login')).toBe('Daily login bonus')
    expect(awardDescription('profile_update')).toBe('Updated profile information')
    expect(awardDescription('premium_subscription')).toBe('Subscribed to premium')
    expect(awardDescription('age_verification')).toBe('Completed age verification')
  })

  it('caps the repeatable activities per day', () => {
    expect(DAILY_POINT_CAPS.comment_post).toBeGreaterThan(0)
    expect(DAILY_POINT_CAPS.content_share).toBeGreaterThan(0)
    expect(DAILY_POINT_CAPS.login).toBeUndefined()
  })
})
