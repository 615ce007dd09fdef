import { afterEach, describe, expect, it } from 'vitest'

import { formatDate, formatRelativeTime } from './format'
import { provideSiteTimeZone, siteZone, timeZoneLabel } from './site-zone'

const KEY = Symbol.for('app.siteTimeZone.reader')
const globals = globalThis as Record<PropertyKey, unknown>

afterEach(() => {
  delete globals[KEY]
  delete globals.document
})

/** Just enough of a browser page for siteZone(): <html data-time-zone>. */
const pageWithZone = (zone: string | null) => {
  globals.document = { documentElement: { getAttribute: (name: string) => (name === 'data-time-zone' ? zone : null) } }
}

const NY_EVENING = '2025-11-25T01:26:00.000Z' // 8:26 PM on Nov 24 in New York

describe('siteZone', () => {
  it('is New York until the server provides the setting', () => {
    expect(siteZone()).toBe('America/New_York')
    provideSiteTimeZone(() => 'Asia/Tokyo')
    expect(siteZone()).toBe('Asia/Tokyo')
  })

  it("in the browser is the page's <html data-time-zone>, whatever the browser's own zone", () => {
    provideSiteTimeZone(() => 'Asia/Tokyo')
    pageWithZone('America/New_York')
    expect(siteZone()).toBe('America/New_York')
    pageWithZone('Not/AZone')
    expect(siteZone()).toBe('Asia/Tokyo')
  })

  it('is the default zone of formatDate and formatRelativeTime: server pages and islands read one calendar', () => {
    provideSiteTimeZone(() => 'America/New_York')
    expect(formatDate(NY_EVENING)).toBe('Nov 24, 2025')
    expect(formatRelativeTime(NY_EVENING, new Date('2025-12-24T00:00:00Z'))).toBe('Nov 24, 2025')
    pageWithZone('America/New_York')
    expect(formatDate(NY_EVENING)).toBe('Nov 24, 2025')
    pageWithZone('Asia/Tokyo')
    expect(formatDate(NY_EVENING)).toBe('Nov 25, 2025')
  })
})

describe('timeZoneLabel', () => {
  it("names New York as the forms always have, other zones by their name", () => {
    expect(timeZoneLabel('America/New_York')).toBe('New York (Eastern Time)')
    expect(timeZoneLabel('America/Los_Angeles')).toBe('America/Los Angeles')
  })
})
