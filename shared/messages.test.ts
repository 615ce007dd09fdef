import { describe, expect, it } from 'vitest'
import { AWARD_DESCRIPTIONS, reachedLevel, uploadFailed, welcomeBack, welcomeToCommunity, youEarnedPoints } from './messages'

describe('account toasts', () => {
  it('welcomes back by username, falling back to User', () => {
    expect(welcomeBack('keisha')).toBe('Welcome back, keisha!')
    expect(welcomeBack('')).toBe('Welcome back, User!')
    expect(welcomeBack(undefined)).toBe('Welcome back, User!')
  })

  it('welcomes a new member to the community', () => {
    expect(welcomeToCommunity('dre')).toBe('Welcome to the community, dre!')
  })
})

describe('templated messages', () => {
  it('formats points, level and upload failures as the spec words them', () => {
    expect(youEarnedPoints(15)).toBe('You earned 15 points!')
    expect(reachedLevel(3)).toBe("You've reached Level 3!")
    expect(uploadFailed('Payload Too Large')).toBe('Upload failed: Payload Too Large')
    expect(uploadFailed()).toBe('Upload failed')
  })

  it('describes point awards by activity', () => {
    expect(AWARD_DESCRIPTIONS.video_watch('Town Hall')).toBe('Watched: Town Hall')
    expect(AWARD_DESCRIPTIONS.login()).toBe('Daily login bonus')
  })
})
