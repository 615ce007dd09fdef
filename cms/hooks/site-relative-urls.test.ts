import { describe, expect, it } from 'vitest'

import { siteRelativeUrls, withoutOrigin } from './site-relative-urls'

describe('withoutOrigin', () => {
  it("drops this server's origin and keeps every other URL", () => {
    expect(withoutOrigin('http://localhost:3000/cms/api/media/file/a.jpg', 'http://localhost:3000')).toBe('/cms/api/media/file/a.jpg')
    expect(withoutOrigin('https://site.example/cms/api/media/file/a.jpg', 'https://site.example/')).toBe('/cms/api/media/file/a.jpg')
    expect(withoutOrigin('https://site.example.evil/a.jpg', 'https://site.example')).toBe('https://site.example.evil/a.jpg')
    expect(withoutOrigin('https://bucket.example/a.jpg', 'https://site.example')).toBe('https://bucket.example/a.jpg')
    expect(withoutOrigin('/cms/api/media/file/a.jpg', 'https://site.example')).toBe('/cms/api/media/file/a.jpg')
    expect(withoutOrigin(null, 'https://site.example')).toBeNull()
    expect(withoutOrigin('https://site.example/a.jpg', '')).toBe('https://site.example/a.jpg')
  })
})

describe('siteRelativeUrls', () => {
  it("makes the file's, the thumbnail's and every size's URL a site path", () => {
    const origin = 'https://site.example'
    const doc = {
      url: `${origin}/cms/api/media/file/a.jpg`,
      thumbnailURL: `${origin}/cms/api/media/file/a-400x225.jpg`,
      sizes: { small: { url: `${origin}/cms/api/media/file/a-small-480x320.webp` }, large: { url: null } },
    }
    const req = { payload: { config: { serverURL: origin } } }
    expect(siteRelativeUrls({ doc, req } as never)).toEqual({
      url: '/cms/api/media/file/a.jpg',
      thumbnailURL: '/cms/api/media/file/a-400x225.jpg',
      sizes: { small: { url: '/cms/api/media/file/a-small-480x320.webp' }, large: { url: null } },
    })
  })
})
