import { describe, expect, it } from 'vitest'

import { hasYoutubeKey, YOUTUBE_API_BASE, youtubeConfig, YoutubeConfigError } from './config'

describe('youtubeConfig', () => {
  it("defaults to Google's base and reads the key", () => {
    expect(youtubeConfig({ YOUTUBE_API_KEY: ' k ' })).toEqual({ apiKey: 'k', apiBase: YOUTUBE_API_BASE })
    expect(youtubeConfig({})).toEqual({ apiKey: null, apiBase: YOUTUBE_API_BASE })
    expect(hasYoutubeKey({})).toBe(false)
  })

  it('accepts another Google host and trims a trailing slash', () => {
    expect(youtubeConfig({ YOUTUBE_API_BASE_URL: 'https://youtube.googleapis.com/youtube/v3/' }).apiBase).toBe('https://youtube.googleapis.com/youtube/v3')
  })

  it('refuses a base that is not Google unless a test opts in', () => {
    for (const base of ['http://127.0.0.1:9999/youtube/v3', 'https://googleapis.com.evil.example/youtube/v3', 'http://www.googleapis.com/youtube/v3']) {
      expect(() => youtubeConfig({ YOUTUBE_API_BASE_URL: base })).toThrow(YoutubeConfigError)
      expect(hasYoutubeKey({ YOUTUBE_API_KEY: 'k', YOUTUBE_API_BASE_URL: base })).toBe(false)
    }
    expect(youtubeConfig({ YOUTUBE_API_BASE_URL: 'http://127.0.0.1:9999/youtube/v3', YOUTUBE_ALLOW_TEST_BASE: '1' }).apiBase).toBe('http://127.0.0.1:9999/youtube/v3')
    expect(() => youtubeConfig({ YOUTUBE_API_BASE_URL: 'not a url' })).toThrow(/not a URL/)
  })
})
