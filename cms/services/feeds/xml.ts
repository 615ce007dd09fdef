// Small, dependency-free XML writing for the sitemap and the RSS feeds.

// Characters XML 1.0 forbids even when escaped (C0 controls other than tab, LF, CR; lone surrogates; U+FFFE/FFFF).
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** Text or attribute value → safe XML character data. */
export function escapeXml(value: string | number): string {
  return String(value)
    .replace(INVALID_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** `<name>escaped text</name>`, or '' when the value is missing or empty. */
export function element(name: string, value: string | number | null | undefined, attributes: Record<string, string> = {}): string {
  if (value === null || value === undefined || value === '') return ''
  return `<${name}${attrs(attributes)}>${escapeXml(value)}</${name}>`
}

/** `<name a="…"/>` */
export function emptyElement(name: string, attributes: Record<string, string>): string {
  return `<${name}${attrs(attributes)}/>`
}

function attrs(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('')
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'

/** A site-relative or absolute URL → absolute on `siteUrl`; null when it cannot be parsed. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string | null | undefined): string | null {
  if (!pathOrUrl) return null
  try {
    return new URL(pathOrUrl, `${siteUrl}/`).href
  } catch {
    return null
  }
}

/** RFC 822 date for RSS (`Tue, 10 Jun 2025 04:00:00 GMT`); null for an unreadable date. */
export function rfc822(date: string | Date | null | undefined): string | null {
  if (!date) return null
  const d = new Date(date)
  return Number.isNaN(d.getTime()) ? null : d.toUTCString()
}

/** W3C datetime (ISO 8601) for sitemaps; null for an unreadable date. */
export function w3cDate(date: string | Date | null | undefined): string | null {
  if (!date) return null
  const d = new Date(date)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}
