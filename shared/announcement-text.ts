/**
 * An announcement's text as the banner shows it. The creator writes plain text: a blank line
 * starts a new paragraph, a single line break stays a line break, and links are either a bare
 * address (https://…, or www.…) or `[words](address)`. Only http(s), mailto: and site paths
 * (/…) become links; anything else stays text. The result is data, not HTML: the banner renders
 * it as React elements, so nothing the creator types can become markup.
 */
export type AnnouncementInline = { text: string } | { br: true } | { text: string; href: string }
export type AnnouncementParagraph = AnnouncementInline[]

const LINK = /\[([^\]\n]{1,200})\]\(([^)\s]{1,2000})\)|(https?:\/\/[^\s<>()]+|www\.[^\s<>()]+)/gi
// Punctuation that ends a sentence, not the address: "see https://x.org/a." links https://x.org/a.
const TRAILING_PUNCTUATION = /[.,;:!?'"’”]+$/

/** The address a link may point at, or null: http(s), mailto: and same-site paths only. */
export function safeAnnouncementHref(raw: string): string | null {
  const href = raw.trim()
  if (/^\/(?!\/)/.test(href)) return href
  try {
    const url = new URL(/^www\./i.test(href) ? `https://${href}` : href)
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null
  } catch {
    return null
  }
}

function inlineParts(line: string): AnnouncementInline[] {
  const parts: AnnouncementInline[] = []
  const pushText = (text: string) => {
    if (!text) return
    const last = parts.at(-1)
    if (last && 'text' in last && !('href' in last)) last.text += text
    else parts.push({ text })
  }
  let at = 0
  for (const match of line.matchAll(LINK)) {
    const [whole, label, target, bare] = match
    const start = match.index
    let consumed = whole
    let link: AnnouncementInline | null = null
    if (bare !== undefined) {
      const address = bare.replace(TRAILING_PUNCTUATION, '')
      consumed = address
      const href = safeAnnouncementHref(address)
      if (href) link = { text: address, href }
    } else {
      const href = safeAnnouncementHref(target!)
      if (href) link = { text: label!, href }
    }
    pushText(line.slice(at, start))
    if (link) parts.push(link)
    else pushText(consumed)
    at = start + consumed.length
  }
  pushText(line.slice(at))
  return parts
}

/** Paragraphs (split on blank lines) of text, line breaks and links. */
export function announcementParagraphs(content: string): AnnouncementParagraph[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) =>
      block.split('\n').flatMap((line, i) => [...(i > 0 ? [{ br: true } as const] : []), ...inlineParts(line)]),
    )
}
