import { describe, expect, it } from 'vitest'

import { isStoreUrl, siteSettingsUpdateSchema, storeFrameOrigin, STORE_URL_INVALID, TIME_ZONE_INVALID, YOUTUBE_HANDLE_INVALID } from './site-settings'

describe('the merch store address', () => {
  it('takes https addresses, and plain http only on a loopback host', () => {
    expect(isStoreUrl('https://shop.example.org/collections/all')).toBe(true)
    expect(isStoreUrl('http://127.0.0.1:4321/store')).toBe(true)
    expect(isStoreUrl('http://localhost:8080')).toBe(true)
    expect(isStoreUrl('http://[::1]:8080')).toBe(true)
    for (const bad of ['http://shop.example.org', 'javascript:alert(1)', 'ftp://shop.example.org', 'shop.example.org', 'https://user:pw@shop.example.org', '']) {
      expect(isStoreUrl(bad), bad).toBe(false)
    }
  })

  it("gives the page's frame-src the store's origin, nothing for a refused address", () => {
    expect(storeFrameOrigin('https://shop.example.org/a/b?c=1')).toBe('https://shop.example.org')
    expect(storeFrameOrigin('http://shop.example.org')).toBeNull()
    expect(storeFrameOrigin(null)).toBeNull()
  })
})

describe('PUT /api/admin/settings body', () => {
  it('leaves absent fields out, clears blank ones and normalises the handle and the zone', () => {
    const parsed = siteSettingsUpdateSchema.parse({ siteName: '  Voices  ', merchStoreUrl: '', youtubeHandle: 'voicesofjustice', timeZone: 'europe/berlin' })
    expect(parsed).toEqual({ siteName: 'Voices', merchStoreUrl: null, youtubeHandle: '@voicesofjustice', timeZone: 'Europe/Berlin' })
    expect('supportEmail' in parsed && parsed.supportEmail !== undefined).toBe(false)
  })

  it('says what is wrong with each field', () => {
    const result = siteSettingsUpdateSchema.safeParse({ siteName: '', merchStoreUrl: 'http://shop.example.org', youtubeHandle: 'a b', supportEmail: 'nope', timeZone: 'Mars/Olympus' })
    expect(result.success).toBe(false)
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]))
    expect(messages).toEqual({
      siteName: 'Site name is required',
      merchStoreUrl: STORE_URL_INVALID,
      youtubeHandle: YOUTUBE_HANDLE_INVALID,
      supportEmail: 'Enter a valid email address',
      timeZone: TIME_ZONE_INVALID,
    })
  })
})
