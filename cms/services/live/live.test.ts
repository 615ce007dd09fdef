import { afterEach, describe, expect, it } from 'vitest'

import { graceIsOver, graceSeconds } from './grace'
import { concatList } from './replay'
import { shouldRecord, VIEWER_WRITE_EVERY_MS, viewerKeyOf } from './viewers'

describe('the grace period', () => {
  const saved = process.env.LIVE_END_GRACE_SECONDS
  afterEach(() => {
    if (saved === undefined) delete process.env.LIVE_END_GRACE_SECONDS
    else process.env.LIVE_END_GRACE_SECONDS = saved
  })

  it('is LIVE_END_GRACE_SECONDS, 30 by default or when unreadable', () => {
    delete process.env.LIVE_END_GRACE_SECONDS
    expect(graceSeconds()).toBe(30)
    process.env.LIVE_END_GRACE_SECONDS = '5'
    expect(graceSeconds()).toBe(5)
    process.env.LIVE_END_GRACE_SECONDS = '0'
    expect(graceSeconds()).toBe(0)
    process.env.LIVE_END_GRACE_SECONDS = '-1'
    expect(graceSeconds()).toBe(30)
    process.env.LIVE_END_GRACE_SECONDS = 'soon'
    expect(graceSeconds()).toBe(30)
  })

  it('ends only a live stream whose publisher left at least the grace ago', () => {
    const now = new Date('2026-01-01T12:00:30Z')
    const left = (iso: string) => ({ status: 'live', publishing: false, lastPublishEndedAt: new Date(iso) })
    expect(graceIsOver(left('2026-01-01T12:00:00Z'), now, 30)).toBe('due')
    expect(graceIsOver(left('2026-01-01T12:00:01Z'), now, 30)).toBe('waiting')
    expect(graceIsOver({ status: 'live', publishing: true, lastPublishEndedAt: null }, now, 30)).toBe('publishing')
    expect(graceIsOver({ status: 'live', publishing: false, lastPublishEndedAt: null }, now, 30)).toBe('waiting')
    expect(graceIsOver({ ...left('2026-01-01T11:00:00Z'), status: 'ended' }, now, 30)).toBe('not-live')
    expect(graceIsOver({ ...left('2026-01-01T11:00:00Z'), status: 'scheduled' }, now, 30)).toBe('not-live')
  })
})

describe('viewers', () => {
  it('writes a viewer at most every few seconds per process', () => {
    const seen = new Map<string, number>()
    expect(shouldRecord('1:user:2', 1_000, seen)).toBe(true)
    expect(shouldRecord('1:user:2', 1_000 + VIEWER_WRITE_EVERY_MS - 1, seen)).toBe(false)
    expect(shouldRecord('1:user:3', 1_500, seen)).toBe(true)
    expect(shouldRecord('1:user:2', 1_000 + VIEWER_WRITE_EVERY_MS, seen)).toBe(true)
    expect(viewerKeyOf(7)).toBe('user:7')
  })
})

describe('the replay', () => {
  it('joins the recording parts by their plain names', () => {
    expect(concatList(['part-001.ts', 'part-002.ts'])).toBe("file 'part-001.ts'\nfile 'part-002.ts'\n")
  })
})
