import type { ImageCandidate, ResponsiveImage } from '../../../shared/types/content'

/**
 * The resized copies every upload gets (Media's imageSizes): WebP at these widths, the height
 * following the picture's own aspect ratio (never cropped), never wider than the upload
 * (sharp's withoutEnlargement: a 700px photo gets 480px and 700px copies). AVIF is left out: on
 * this hardware sharp encodes it 3–4× slower than WebP for a ~25% smaller file.
 */
export const RESPONSIVE_WIDTHS = { small: 480, medium: 960, large: 1600 } as const
export type ResponsiveSizeName = keyof typeof RESPONSIVE_WIDTHS
export const RESPONSIVE_SIZE_NAMES = Object.keys(RESPONSIVE_WIDTHS) as ResponsiveSizeName[]

/** Where an image sits on the page, as the `sizes` attribute tells the browser. */
export const IMAGE_SIZES = {
  /** The post column (max-w-3xl, 1rem / 1.5rem side padding): the hero and images in the body. */
  postColumn: '(min-width: 768px) 720px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)',
  /** A card in a 1 / 2 / 3 column grid (the news page, topics). */
  cardGrid: '(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, calc(100vw - 2rem)',
  /** A card in a 1 / 3 column grid (the home page's latest news). */
  cardGridWide: '(min-width: 1280px) 400px, (min-width: 768px) 31vw, calc(100vw - 2rem)',
} as const

type Size = { url?: string | null; width?: number | null; height?: number | null; mimeType?: string | null } | null | undefined
/** The parts of a Media document this reads (a populated upload relation). */
export type MediaLike = {
  url?: string | null
  mimeType?: string | null
  width?: number | null
  height?: number | null
  alt?: string | null
  caption?: string | null
  sizes?: Partial<Record<string, Size>> | null
  /** The focal point the creator set in /cms, in percent of the width and height (50, 50: the centre). */
  focalX?: number | null
  focalY?: number | null
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHTML = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)

const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f

/**
 * A URL Payload made for a stored file: a site path or an http(s) URL (a storage adapter's),
 * nothing else. Whitespace and commas are percent-encoded because srcset splits on them.
 */
function fileUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const url = value.trim()
  if (!/^(\/(?!\/)|https?:\/\/)/i.test(url) || [...url].some(isControl)) return null
  return url.replace(/\s/g, encodeURIComponent).replace(/,/g, '%2C')
}

const dimension = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : null)

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

const percent = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : null)

/**
 * The CSS `object-position` that keeps the creator's focal point in view when a card crops the
 * picture (object-cover); null when it is the centre, which cropping keeps anyway.
 */
function focalPosition(doc: MediaLike): string | null {
  const x = percent(doc.focalX) ?? 50
  const y = percent(doc.focalY) ?? 50
  return x === 50 && y === 50 ? null : `${x}% ${y}%`
}

/**
 * A Media document as the site shows it: its resized WebP copies narrowest first (one per
 * width), or, for an upload made before they existed, the original alone. Null for anything
 * that is not an image with a usable URL (an unpopulated relation, a deleted file).
 * `override` carries the alt and caption an editor set on this use of the image, if any.
 */
export function toResponsiveImage(media: unknown, override: { alt?: unknown; caption?: unknown } = {}): ResponsiveImage | null {
  if (!media || typeof media !== 'object') return null
  const doc = media as MediaLike
  if (typeof doc.mimeType === 'string' && !doc.mimeType.startsWith('image/')) return null
  const original = fileUrl(doc.url)
  if (!original) return null

  const byWidth = new Map<number, ImageCandidate>()
  for (const name of RESPONSIVE_SIZE_NAMES) {
    const size = doc.sizes?.[name]
    const url = fileUrl(size?.url)
    const width = dimension(size?.width)
    const height = dimension(size?.height)
    if (url && width && height && !byWidth.has(width)) byWidth.set(width, { url, width, height })
  }
  const candidates = [...byWidth.values()].sort((a, b) => a.width - b.width)
  const widest = candidates.at(-1)
  return {
    src: widest?.url ?? original,
    width: widest?.width ?? dimension(doc.width),
    height: widest?.height ?? dimension(doc.height),
    alt: text(override.alt) || text(doc.alt),
    caption: text(override.caption) || text(doc.caption) || null,
    candidates,
    focalPosition: focalPosition(doc),
  }
}

export type ImageLoading = {
  /** The `sizes` attribute: how wide the image is drawn (IMAGE_SIZES). */
  sizes: string
  /** The page's main image (the hero): fetched at once and first. Everything else loads lazily. */
  priority?: boolean
}

/**
 * The <img> attributes for an image: srcset of the resized copies with `sizes`, width and height
 * (the browser reserves the space, so nothing shifts), lazy loading unless it is the page's main
 * image. Plain strings: Astro escapes them when spread on an element; imageHtml escapes them here.
 */
export function imageAttributes(image: ResponsiveImage, { sizes, priority = false }: ImageLoading): Record<string, string> {
  const attributes: Record<string, string> = { src: image.src, alt: image.alt }
  if (image.candidates.length > 1) {
    attributes.srcset = image.candidates.map((c) => `${c.url} ${c.width}w`).join(', ')
    attributes.sizes = sizes
  }
  if (image.width && image.height) {
    attributes.width = String(image.width)
    attributes.height = String(image.height)
  }
  // Where a card crops the picture (object-cover), the creator's focal point stays in view.
  if (image.focalPosition) attributes.style = `object-position: ${image.focalPosition}`
  if (priority) {
    attributes.loading = 'eager'
    attributes.fetchpriority = 'high'
  } else {
    attributes.loading = 'lazy'
    attributes.decoding = 'async'
  }
  return attributes
}

/** `<img …>` with every attribute value escaped. */
export function imageHtml(image: ResponsiveImage, loading: ImageLoading): string {
  const attributes = Object.entries(imageAttributes(image, loading))
    .map(([name, value]) => `${name}="${escapeHTML(value)}"`)
    .join(' ')
  return `<img ${attributes} />`
}

/** The image in a `<figure>`, with its caption (escaped) as the `<figcaption>` when it has one. */
export function figureHtml(image: ResponsiveImage, loading: ImageLoading, className = 'post-image'): string {
  const caption = image.caption ? `<figcaption>${escapeHTML(image.caption)}</figcaption>` : ''
  return `<figure class="${escapeHTML(className)}">${imageHtml(image, loading)}${caption}</figure>`
}
