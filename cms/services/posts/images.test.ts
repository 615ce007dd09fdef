import { describe, expect, it } from 'vitest'

import { renderPostHtml } from './html'

const doc = (...children: object[]) => ({ root: { type: 'root', children, direction: null, format: '', indent: 0, version: 1 } }) as never
const upload = (value: unknown, fields: object | null = null) => ({ type: 'upload', relationTo: 'media', value, fields, format: '', version: 3 })

const media = {
  id: 4,
  url: '/cms/api/media/file/march.jpg',
  mimeType: 'image/jpeg',
  filename: 'march.jpg',
  width: 1200,
  height: 1800,
  alt: 'Marchers crossing the bridge',
  caption: 'Selma, 2015',
  sizes: {
    thumbnail: { url: '/cms/api/media/file/march-400x225.jpg', width: 400, height: 225, mimeType: 'image/jpeg' },
    small: { url: '/cms/api/media/file/march-small-480x720.webp', width: 480, height: 720, mimeType: 'image/webp' },
    medium: { url: '/cms/api/media/file/march-medium-960x1440.webp', width: 960, height: 1440, mimeType: 'image/webp' },
    large: { url: '/cms/api/media/file/march-large-1200x1800.webp', width: 1200, height: 1800, mimeType: 'image/webp' },
  },
}

describe('images in a post body', () => {
  it('render as a figure with the uncropped copies, dimensions, lazy loading and the caption', () => {
    const html = renderPostHtml(doc(upload(media)))
    expect(html).toBe(
      '<figure class="post-image"><img src="/cms/api/media/file/march-large-1200x1800.webp" alt="Marchers crossing the bridge" ' +
        'srcset="/cms/api/media/file/march-small-480x720.webp 480w, /cms/api/media/file/march-medium-960x1440.webp 960w, /cms/api/media/file/march-large-1200x1800.webp 1200w" ' +
        'sizes="(min-width: 768px) 720px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)" width="1200" height="1800" loading="lazy" decoding="async" />' +
        '<figcaption>Selma, 2015</figcaption></figure>',
    )
    // Never the 400×225 crop, never a media query picking one file per screen.
    expect(html).not.toMatch(/400x225|<source|media=/)
  })

  it("use this node's own alt and caption when the editor gave them", () => {
    const html = renderPostHtml(doc(upload(media, { alt: 'The bridge', caption: 'Credit: <AP>' })))
    expect(html).toContain('alt="The bridge"')
    expect(html).toContain('<figcaption>Credit: &lt;AP&gt;</figcaption>')
  })

  it('show the original for an upload made before the resized copies', () => {
    const html = renderPostHtml(doc(upload({ ...media, sizes: { thumbnail: media.sizes.thumbnail } })))
    expect(html).toContain('<img src="/cms/api/media/file/march.jpg" alt="Marchers crossing the bridge" width="1200" height="1800" loading="lazy"')
    expect(html).not.toContain('srcset')
  })

  it('render nothing for an unpopulated, deleted or non-image upload', () => {
    expect(renderPostHtml(doc(upload(4)))).toBe('')
    expect(renderPostHtml(doc(upload(null)))).toBe('')
    expect(renderPostHtml(doc(upload({ ...media, mimeType: 'application/pdf' })))).toBe('')
    expect(renderPostHtml(doc(upload({ ...media, url: 'javascript:alert(1)', sizes: {} })))).toBe('')
  })
})
