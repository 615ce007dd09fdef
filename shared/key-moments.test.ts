import { describe, expect, it } from 'vitest'

import { KEY_MOMENT_MESSAGES, keyMomentErrors, keyMomentSeconds, keyMomentTimestampError } from './key-moments'

describe('keyMomentSeconds', () => {
  it('reads m:ss and h:mm:ss', () => {
    expect(keyMomentSeconds('0:00')).toBe(0)
    expect(keyMomentSeconds('1:23')).toBe(83)
    expect(keyMomentSeconds('59:59')).toBe(3599)
    expect(keyMomentSeconds(' 1:02:03 ')).toBe(3723)
    expect(keyMomentSeconds('10:00:00')).toBe(36000)
  })
  it('refuses anything else', () => {
    for (const bad of ['', '83', '1:3', '1:60', '60:00', '1:2:03', '1:02:60', 'a:bc', '1:23:', '-1:00', '1.23', '1:23 intro']) {
      expect(keyMomentSeconds(bad), bad).toBeNull()
    }
  })
})

describe('keyMomentTimestampError', () => {
  const rows = [{ timestamp: '0:00' }, { timestamp: '6:15' }, { timestamp: '6:15' }, { timestamp: '1:30' }, { timestamp: 'soon' }, { timestamp: '11:00' }]
  it('names the format, the end of the video and the row above', () => {
    expect(keyMomentTimestampError(rows, 0, 'PT10M')).toBeNull()
    expect(keyMomentTimestampError(rows, 1, 'PT10M')).toBeNull()
    expect(keyMomentTimestampError(rows, 2, 'PT10M')).toBe(KEY_MOMENT_MESSAGES.notAfter('6:15'))
    expect(keyMomentTimestampError(rows, 3, 'PT10M')).toBe(KEY_MOMENT_MESSAGES.notAfter('6:15'))
    expect(keyMomentTimestampError(rows, 4, 'PT10M')).toBe(KEY_MOMENT_MESSAGES.format)
    // The row above is unreadable: only this row's own rules apply.
    expect(keyMomentTimestampError(rows, 5, 'PT10M')).toBe(KEY_MOMENT_MESSAGES.beyondEnd('10:00'))
    expect(keyMomentTimestampError(rows, 5, null)).toBeNull()
  })
  it('counts the last second as past the end, and ignores an unreadable duration', () => {
    expect(keyMomentTimestampError([{ timestamp: '1:12:40' }], 0, 'PT1H12M40S')).toBe(KEY_MOMENT_MESSAGES.beyondEnd('1:12:40'))
    expect(keyMomentTimestampError([{ timestamp: '1:12:39' }], 0, 'PT1H12M40S')).toBeNull()
    expect(keyMomentTimestampError([{ timestamp: '9:00:00' }], 0, 'about an hour')).toBeNull()
  })
  it('refuses a missing timestamp', () => {
    expect(keyMomentTimestampError([{}], 0, null)).toBe(KEY_MOMENT_MESSAGES.format)
    expect(keyMomentTimestampError([null], 0, null)).toBe(KEY_MOMENT_MESSAGES.format)
  })
})

describe('keyMomentErrors', () => {
  it('is null for a good list and lists each row otherwise', () => {
    expect(keyMomentErrors([], 'PT1M')).toBeNull()
    expect(keyMomentErrors([{ timestamp: '0:00' }, { timestamp: '0:30' }], 'PT1M')).toBeNull()
    expect(keyMomentErrors([{ timestamp: '0:30' }, { timestamp: '0:10' }], 'PT1M')).toEqual([null, KEY_MOMENT_MESSAGES.notAfter('0:30')])
  })
})
