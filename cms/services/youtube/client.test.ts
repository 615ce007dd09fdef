import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startFakeYoutube, type FakeYoutube } from '../../../tests/fakes/youtube'
import { YoutubeClient } from './client'
import { YoutubeError } from './errors'

// The client against the fake YouTube over real HTTP on loopback.
let fake: FakeYoutube
const client = (overrides: { apiKey?: string | null; timeoutMs?: number } = {}) =>
  new YoutubeClient({ apiKey: overrides.apiKey === undefined ? fake.apiKey : overrides.apiKey, apiBase: fake.apiBase }, { timeoutMs: overrides.timeoutMs })

const failure = async (run: Promise<unknown>) => {
  const error = await run.then(() => null, (e: unknown) => e)
  expect(error).toBeInstanceOf(YoutubeError)
  return error as YoutubeError
}

beforeAll(async () => {
  fake = await startFakeYoutube()
  fake.addChannel({ handle: '@pagedchannel', title: 'Paged Channel', videos: Array.from({ length: 123 }, (_, i) => ({ title: `Video ${i}` })) })
  fake.addChannel({ handle: '@emptychannel', title: 'Empty Channel' })
})
afterAll(() => fake.stop())

describe('YoutubeClient', () => {
  it('finds a channel by handle, with or without @ and in any case', async () => {
    const channel = await client().channelByHandle('PagedChannel')
    expect(channel).toMatchObject({ title: 'Paged Channel', handle: '@pagedchannel' })
    expect(channel.uploadsPlaylistId).toMatch(/^UU/)
  })

  it('reads every page of the uploads playlist and the videos in batches of 50', async () => {
    const before = { ...fake.calls }
    const channel = await client().channelByHandle('@pagedchannel')
    const ids = await client().playlistVideoIds(channel.uploadsPlaylistId)
    expect(ids).toHaveLength(123)
    expect(new Set(ids).size).toBe(123)
    expect(fake.calls.playlistItems - before.playlistItems).toBe(3)
    const videos = await client().videos(ids)
    expect(videos).toHaveLength(123)
    expect(fake.calls.videos - before.videos).toBe(3)
    expect(videos[0]!.contentDetails?.duration).toBe('PT4M13S')
  })

  it('an empty channel has no videos (its uploads playlist is 404 at YouTube)', async () => {
    const channel = await client().channelByHandle('@emptychannel')
    expect(await client().playlistVideoIds(channel.uploadsPlaylistId)).toEqual([])
  })

  it('an unknown handle is a 404 unknownHandle', async () => {
    const error = await failure(client().channelByHandle('@nobodyhere'))
    expect(error).toMatchObject({ status: 404, reason: 'unknownHandle' })
    expect(error.message).toContain('@nobodyhere')
  })

  it('a missing key is refused before any call', () => {
    expect(() => client({ apiKey: null })).toThrow(/YOUTUBE_API_KEY/)
  })

  it('a wrong key is keyRefused', async () => {
    expect(await failure(client({ apiKey: 'wrong' }).channelByHandle('@pagedchannel'))).toMatchObject({ status: 503, reason: 'keyRefused' })
  })

  it('403 quotaExceeded is its own error', async () => {
    fake.setQuotaExceeded(true)
    try {
      expect(await failure(client().channelByHandle('@pagedchannel'))).toMatchObject({ status: 429, reason: 'quotaExceeded' })
    } finally {
      fake.setQuotaExceeded(false)
    }
  })

  it('a dropped connection or a timeout is unreachable (transient)', async () => {
    fake.setDown(true)
    try {
      expect(await failure(client().channelByHandle('@pagedchannel'))).toMatchObject({ status: 502, transient: true })
    } finally {
      fake.setDown(false)
    }
    fake.hold('channels')
    try {
      const error = await failure(client({ timeoutMs: 200 }).channelByHandle('@pagedchannel'))
      expect(error).toMatchObject({ status: 502, transient: true })
      expect(error.reason).toContain('no answer')
    } finally {
      fake.release('channels')
    }
  })
})
