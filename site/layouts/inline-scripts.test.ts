import { describe, expect, it } from 'vitest'

import { THUMBNAIL_ATTRIBUTE, THUMBNAIL_FALLBACK_SCRIPT } from './inline-scripts'

/** Just enough of an <img> for the script: attributes, src and style. */
class FakeImage {
  src: string
  style = { visibility: '' }
  constructor(
    src: string,
    private attributes: Record<string, string>,
  ) {
    this.src = src
  }
  hasAttribute(name: string) {
    return name in this.attributes
  }
  getAttribute(name: string) {
    return this.attributes[name] ?? null
  }
}

/** Runs the script against a fake document; returns a way to fire an error event at a target. */
function install() {
  const listeners: { type: string; listener: (event: { target: unknown }) => void; capture: unknown }[] = []
  const document = { addEventListener: (type: string, listener: (event: { target: unknown }) => void, capture: unknown) => listeners.push({ type, listener, capture }) }
  new Function('document', 'HTMLImageElement', THUMBNAIL_FALLBACK_SCRIPT)(document, FakeImage)
  expect(listeners).toHaveLength(1)
  expect(listeners[0]).toMatchObject({ type: 'error', capture: true })
  return (target: unknown) => listeners[0].listener({ target })
}

const MAX = 'https://i.ytimg.com/vi/abc/maxresdefault.jpg'
const HQ = 'https://i.ytimg.com/vi/abc/hqdefault.jpg'

describe('THUMBNAIL_FALLBACK_SCRIPT', () => {
  it('tries the fallback once, then hides the image', () => {
    const fire = install()
    const img = new FakeImage(MAX, { [THUMBNAIL_ATTRIBUTE]: '', 'data-fallback': HQ })
    fire(img)
    expect(img.src).toBe(HQ)
    expect(img.style.visibility).toBe('')
    fire(img)
    expect(img.src).toBe(HQ)
    expect(img.style.visibility).toBe('hidden')
  })

  it('hides a thumbnail without a fallback at its first error', () => {
    const fire = install()
    const img = new FakeImage('/media/thumbnails/x.jpg', { [THUMBNAIL_ATTRIBUTE]: '' })
    fire(img)
    expect(img.style.visibility).toBe('hidden')
  })

  it('leaves other images and other elements alone', () => {
    const fire = install()
    const other = new FakeImage(MAX, { 'data-fallback': HQ })
    fire(other)
    expect(other).toMatchObject({ src: MAX, style: { visibility: '' } })
    expect(() => fire({ tagName: 'SCRIPT' })).not.toThrow()
  })
})
