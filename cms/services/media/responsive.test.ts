import { describe, expect, it } from 'vitest'

import { figureHtml, IMAGE_SIZES, imageAttributes, imageHtml, toResponsiveImage, type MediaLike } from './responsive'

const size = (name: string, width: number, height: number) => ({
  url: `/cms/api/media/file/photo-${name}-${width}x${height}.webp`,
  width,
  height,
  mimeType: 'image/webp',
  filename: `photo-${name}-${width}x${height}.webp`,
})

const photo = (overrides: Partial<MediaLike> = {}): MediaLike => ({
  url: '/cms/api/media/file/photo.jpg',
  mimeType: 'image/jpeg',
  width: 3000,
  height: 2000,
  alt: 'Volunteers at the library',
  caption: 'Photo: the organisers',
  sizes: {
    thumbnail: { url: '/cms/api/media/file/photo-400x225.jpg', width: 400, height: 225 },
    large: size('large', 1600, 1067),
    small: size('small', 480, 320),
    medium: size('medium', 960, 640),
  },
  ...overrides,
})

describe('toResponsiveImage', () => {
  it("keeps the creator's focal point in view where a card crops the picture", () => {
    const image = toResponsiveImage(photo({ focalX: 30, focalY: 20.4 }))!
    expect(image.focalPosition).toBe('30% 20%')
    expect(imageAttributes(image, { sizes: IMAGE_SIZES.cardGrid }).style).toBe('object-position: 30% 20%')
    // The centre (Payload's default) needs nothing: cropping keeps it.
    const centred = toResponsiveImage(photo({ focalX: 50, focalY: 50 }))!
    expect(centred.focalPosition).toBeNull()
    expect(imageAttributes(centred, { sizes: IMAGE_SIZES.cardGrid })).not.toHaveProperty('style')
  })

  it('lists the resized copies narrowest first, never the crops, and draws the widest', () => {
    const image = toResponsiveImage(photo())!
    expect(image.candidates.map((c) => c.width)).toEqual([480, 960, 1600])
    expect(image.candidates.every((c) => c.url.endsWith('.webp'))).toBe(true)
    expect(image).toMatchObject({ src: '/cms/api/media/file/photo-large-1600x1067.webp', width: 1600, height: 1067, alt: 'Volunteers at the library', caption: 'Photo: the organisers' })
  })

  it('falls back to the original when the upload predates the resized copies', () => {
    const image = toResponsiveImage(photo({ sizes: { thumbnail: { url: '/cms/api/media/file/photo-400x225.jpg', width: 400, height: 225 }, small: { url: null, width: null, height: null } } }))!
    expect(image).toEqual({ src: '/cms/api/media/file/photo.jpg', width: 3000, height: 2000, alt: 'Volunteers at the library', caption: 'Photo: the organisers', candidates: [], focalPosition: null })
    expect(imageAttributes(image, { sizes: IMAGE_SIZES.postColumn })).not.toHaveProperty('srcset')
    expect(toResponsiveImage(photo({ sizes: undefined, width: null }))).toMatchObject({ src: '/cms/api/media/file/photo.jpg', width: null, height: 2000 })
  })

  it('keeps one copy per width (a narrow upload: every size is the original width)', () => {
    const image = toResponsiveImage(photo({ width: 300, height: 500, sizes: { small: size('small', 300, 500), medium: size('medium', 300, 500), large: size('large', 300, 500) } }))!
    expect(image.candidates).toHaveLength(1)
    expect(image).toMatchObject({ src: '/cms/api/media/file/photo-small-300x500.webp', width: 300, height: 500 })
  })

  it('skips copies that lack a URL or a dimension, and refuses non-image and unsafe URLs', () => {
    const image = toResponsiveImage(photo({ sizes: { small: { ...size('small', 480, 320), height: 0 }, medium: { ...size('medium', 960, 640), url: 'javascript:alert(1)' }, large: size('large', 1600, 1067) } }))!
    expect(image.candidates.map((c) => c.width)).toEqual([1600])
    expect(toResponsiveImage(photo({ url: 'javascript:alert(1)' }))).toBeNull()
    expect(toResponsiveImage(photo({ url: '//evil.example/x.jpg' }))).toBeNull()
    expect(toResponsiveImage(photo({ url: '/cms/api/media/file/a\u0000b.jpg' }))).toBeNull()
    expect(toResponsiveImage(photo({ mimeType: 'application/pdf' }))).toBeNull()
    expect(toResponsiveImage(7)).toBeNull()
    expect(toResponsiveImage(null)).toBeNull()
  })

  it("prefers this use's alt and caption, and has none rather than blank ones", () => {
    expect(toResponsiveImage(photo(), { alt: ' Here ', caption: 'Credit' })).toMatchObject({ alt: 'Here', caption: 'Credit' })
    expect(toResponsiveImage(photo({ alt: null, caption: '  ' }))).toMatchObject({ alt: '', caption: null })
  })

  it('percent-encodes spaces and commas, which would split a srcset entry', () => {
    const image = toResponsiveImage(photo({ sizes: { small: { ...size('small', 480, 320), url: 'https://cdn.example/a b,c.webp' }, large: size('large', 1600, 1067) } }))!
    expect(imageAttributes(image, { sizes: '100vw' }).srcset).toBe('https://cdn.example/a%20b%2Cc.webp 480w, /cms/api/media/file/photo-large-1600x1067.webp 1600w')
  })
})

describe('imageAttributes', () => {
  it('gives srcset in width order, sizes, width and height, and lazy loading by default', () => {
    expect(imageAttributes(toResponsiveImage(photo())!, { sizes: IMAGE_SIZES.cardGrid })).toEqual({
      src: '/cms/api/media/file/photo-large-1600x1067.webp',
      alt: 'Volunteers at the library',
      srcset:
        '/cms/api/media/file/photo-small-480x320.webp 480w, /cms/api/media/file/photo-medium-960x640.webp 960w, /cms/api/media/file/photo-large-1600x1067.webp 1600w',
      sizes: IMAGE_SIZES.cardGrid,
      width: '1600',
      height: '1067',
      loading: 'lazy',
      decoding: 'async',
    })
  })

  it('loads the main image at once and first', () => {
    const attributes = imageAttributes(toResponsiveImage(photo())!, { sizes: IMAGE_SIZES.postColumn, priority: true })
    expect(attributes).toMatchObject({ loading: 'eager', fetchpriority: 'high' })
    expect(attributes).not.toHaveProperty('decoding')
  })
})

describe('imageHtml and figureHtml', () => {
  it('escapes every value: alt, caption and URLs', () => {
    const evil = photo({
      alt: '"><script>alert(1)</script>',
      caption: '<b>bold</b> & "quoted"',
      sizes: { small: { ...size('small', 480, 320), url: '/cms/api/media/file/a"onerror="alert(1).webp' }, large: size('large', 1600, 1067) },
    })
    const html = figureHtml(toResponsiveImage(evil)!, { sizes: IMAGE_SIZES.postColumn })
    expect(html).toContain('alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')
    expect(html).toContain('<figcaption>&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;</figcaption>')
    expect(html).toContain('srcset="/cms/api/media/file/a&quot;onerror=&quot;alert(1).webp 480w, ')
    expect(html).not.toMatch(/<script|<b>|"onerror/)
  })

  it('has no figcaption without a caption', () => {
    const html = figureHtml(toResponsiveImage(photo({ caption: null }))!, { sizes: '100vw' })
    expect(html).toMatch(/^<figure class="post-image"><img [^>]+ \/><\/figure>$/)
    expect(imageHtml(toResponsiveImage(photo())!, { sizes: '100vw' })).toMatch(/ loading="lazy" decoding="async" \/>$/)
  })
})
