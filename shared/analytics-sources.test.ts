import { describe, expect, it } from 'vitest'

import { bucketsPlayed, classifyReferrer, deviceType, referrerHost } from './analytics-sources'

const UA = {
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidTablet: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
}

describe('deviceType', () => {
  it('tells desktops, phones and tablets apart', () => {
    expect(deviceType(UA.desktop)).toBe('desktop')
    expect(deviceType(UA.mac)).toBe('desktop')
    expect(deviceType(UA.iphone)).toBe('mobile')
    expect(deviceType(UA.androidPhone)).toBe('mobile')
    expect(deviceType(UA.ipad)).toBe('tablet')
    expect(deviceType(UA.androidTablet)).toBe('tablet')
    expect(deviceType('')).toBe('desktop')
  })
})

describe('traffic sources', () => {
  it('keeps only the host of a referrer, lower case and without www.', () => {
    expect(referrerHost('https://WWW.Google.com/search?q=x')).toBe('google.com')
    expect(referrerHost('android-app://com.google.android.gm/')).toBeNull()
    expect(referrerHost('not a url')).toBeNull()
    expect(referrerHost(null)).toBeNull()
  })
  it('classifies a host as the site itself, a search engine, a social network, direct or another site', () => {
    expect(classifyReferrer(null, 'example.org')).toBe('direct')
    expect(classifyReferrer('example.org', 'www.example.org')).toBe('internal')
    for (const host of ['google.com', 'google.co.uk', 'news.google.de', 'bing.com', 'duckduckgo.com', 'search.brave.com', 'yandex.ru']) expect(classifyReferrer(host, 'example.org'), host).toBe('search')
    for (const host of ['t.co', 'x.com', 'l.facebook.com', 'm.facebook.com', 'reddit.com', 'old.reddit.com', 'youtube.com', 'bsky.app', 'instagram.com']) expect(classifyReferrer(host, 'example.org'), host).toBe('social')
    for (const host of ['news.ycombinator.com', 'blog.example.net', 'notgoogle.com', 'xt.co']) expect(classifyReferrer(host, 'example.org'), host).toBe('other')
  })
})

describe('bucketsPlayed', () => {
  it('marks the twentieths a forward play passed through', () => {
    expect(bucketsPlayed(0, 6, 6)).toBe((1 << 20) - 1)
    expect(bucketsPlayed(0, 3, 6)).toBe((1 << 10) - 1)
    expect(bucketsPlayed(3, 3.3, 6)).toBe(1 << 10)
    expect(bucketsPlayed(5, 2, 6)).toBe(0)
    expect(bucketsPlayed(0, 6, 0)).toBe(0)
  })
})
