import { afterEach, describe, expect, it } from 'vitest'

import { followSiteTimeZoneSetting, resetSiteTimeZoneForTests } from '../settings/time-zone'

import { analyticsSessionId, sessionIdFor, siteDay, visitorViewerId } from './session-id'

const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const base = { day: '2026-03-10', ip: '203.0.113.0', userAgent: UA, secret: 'secret-a' }

describe('analyticsSessionId', () => {
  it('is 32 hex characters and the same for the same browser on the same day', () => {
    const id = analyticsSessionId(base)
    expect(id).toMatch(/^[0-9a-f]{32}$/)
    expect(analyticsSessionId({ ...base })).toBe(id)
  })

  it('changes with the day, the address range, the user agent and the secret', () => {
    const id = analyticsSessionId(base)
    expect(analyticsSessionId({ ...base, day: '2026-03-11' })).not.toBe(id)
    expect(analyticsSessionId({ ...base, ip: '203.0.114.0' })).not.toBe(id)
    expect(analyticsSessionId({ ...base, userAgent: UA + ' ' })).not.toBe(id)
    expect(analyticsSessionId({ ...base, secret: 'secret-b' })).not.toBe(id)
  })

  it('contains neither the address nor the user agent', () => {
    const id = analyticsSessionId(base)
    expect(id).not.toContain('203')
    expect(id).not.toContain('Mozilla')
  })
})

describe('sessionIdFor', () => {
  it('truncates the address first: two hosts of one /24 with one browser are one visitor-day', () => {
    const at = new Date('2026-03-10T15:00:00Z')
    expect(sessionIdFor({ address: '203.0.113.7', userAgent: UA, at })).toBe(sessionIdFor({ address: '203.0.113.200', userAgent: UA, at }))
    expect(sessionIdFor({ address: '203.0.113.7', userAgent: UA, at })).not.toBe(sessionIdFor({ address: '198.51.100.7', userAgent: UA, at }))
  })

  it('days turn at the site’s midnight (New York), not at UTC midnight', () => {
    // 02:00 UTC on the 11th is still the 10th in New York (UTC-4 in March after DST, -5 before).
    expect(siteDay(new Date('2026-03-11T02:00:00Z'))).toBe('2026-03-10')
    const evening = sessionIdFor({ address: '203.0.113.7', userAgent: UA, at: new Date('2026-03-10T20:00:00Z') })
    expect(sessionIdFor({ address: '203.0.113.7', userAgent: UA, at: new Date('2026-03-11T02:00:00Z') })).toBe(evening)
    expect(sessionIdFor({ address: '203.0.113.7', userAgent: UA, at: new Date('2026-03-11T12:00:00Z') })).not.toBe(evening)
  })

  it("follows the site's time-zone setting: on Tokyo time the day turns at Tokyo's midnight", async () => {
    const payload = { findGlobal: async () => ({ timeZone: 'Asia/Tokyo' }), logger: { warn: () => undefined } }
    await followSiteTimeZoneSetting({ doc: { timeZone: 'Asia/Tokyo' }, req: { payload } } as never)
    // 16:00 UTC on the 10th is 01:00 on the 11th in Tokyo (and noon on the 10th in New York).
    expect(siteDay(new Date('2026-03-10T16:00:00Z'))).toBe('2026-03-11')
    expect(siteDay(new Date('2026-03-10T14:00:00Z'))).toBe('2026-03-10')
  })
})

describe('visitorViewerId', () => {
  const at = new Date('2026-03-10T15:00:00Z')
  const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

  it('is one id per address range and browser family: another version or any made-up tail is the same viewer', () => {
    const id = visitorViewerId({ address: '203.0.113.7', userAgent: CHROME, at })
    expect(id).toMatch(/^[0-9a-f]{32}$/)
    expect(visitorViewerId({ address: '203.0.113.99', userAgent: CHROME.replace('131', '130') + ' x/1', at })).toBe(id)
    expect(visitorViewerId({ address: '203.0.113.7', userAgent: UA, at })).not.toBe(id)
    expect(visitorViewerId({ address: '198.51.100.7', userAgent: CHROME, at })).not.toBe(id)
    expect(visitorViewerId({ address: '203.0.113.7', userAgent: CHROME, at: new Date('2026-03-11T15:00:00Z') })).not.toBe(id)
  })

  it('is not the visit’s session id', () => {
    expect(visitorViewerId({ address: '203.0.113.7', userAgent: 'Other', at })).not.toBe(sessionIdFor({ address: '203.0.113.7', userAgent: 'Other', at }))
  })
})

afterEach(() => resetSiteTimeZoneForTests())
