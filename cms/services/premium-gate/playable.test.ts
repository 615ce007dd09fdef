import { describe, expect, it } from 'vitest'

import { isListed, isPlayable, isPublishedBy, isViewable, type VisibleItem } from './playable'

const now = new Date('2026-11-27T12:00:00.000Z')
const past = '2026-11-27T11:59:00.000Z'
const future = '2026-11-27T12:01:00.000Z'

describe('who a video is for', () => {
  it.each<[string, VisibleItem, boolean, boolean]>([
    // video, viewable by its link, listed
    ['public YouTube video', { source: 'youtube', visibility: 'public', publishedAt: past }, true, true],
    ['public upload that plays', { source: 'manual', transcodeStatus: 'ready', visibility: 'public', publishedAt: past }, true, true],
    ['upload from before transcoding', { source: 'manual', transcodeStatus: null, visibility: 'public', publishedAt: past }, true, true],
    ['unlisted', { source: 'youtube', visibility: 'unlisted', publishedAt: past }, true, false],
    ['private', { source: 'youtube', visibility: 'private', publishedAt: past }, false, false],
    ['scheduled', { source: 'youtube', visibility: 'public', publishedAt: future }, false, false],
    ['scheduled and unlisted', { source: 'youtube', visibility: 'unlisted', publishedAt: future }, false, false],
    ['published exactly now', { source: 'youtube', visibility: 'public', publishedAt: now.toISOString() }, true, true],
    ['still transcoding', { source: 'manual', transcodeStatus: 'processing', visibility: 'public', publishedAt: past }, false, false],
    ['failed transcode', { source: 'manual', transcodeStatus: 'failed', visibility: 'unlisted', publishedAt: past }, false, false],
    ['no visibility stored (never written so: read as hidden)', { source: 'youtube', visibility: null, publishedAt: past }, false, false],
    ['unreadable publish date', { source: 'youtube', visibility: 'public', publishedAt: 'soon' }, false, false],
  ])('%s: viewable %s, listed %s', (_name, video, viewable, listed) => {
    expect(isViewable(video, now)).toBe(viewable)
    expect(isListed(video, now)).toBe(listed)
  })

  it('plays: YouTube always; an upload once transcoded', () => {
    expect(isPlayable({ source: 'manual', transcodeStatus: 'queued' })).toBe(false)
    expect(isPlayable({ source: 'youtube', transcodeStatus: 'queued' })).toBe(true)
  })

  it('a missing publish date never comes', () => {
    expect(isPublishedBy({ publishedAt: null }, now)).toBe(false)
    expect(isPublishedBy({ publishedAt: new Date(past) }, now)).toBe(true)
  })
})
