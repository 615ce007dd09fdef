import {
  BlockquoteHTMLConverter,
  convertLexicalToHTML,
  HorizontalRuleHTMLConverter,
  LinebreakHTMLConverter,
  ListHTMLConverter,
  ParagraphHTMLConverter,
  TabHTMLConverter,
  TextHTMLConverter,
  type HTMLConverter,
  type HTMLConverters,
} from '@payloadcms/richtext-lexical/html'
import { sanitizeUrl } from 'payload/shared'
import type { HighlighterCore } from 'shiki/core'

import { parseYouTubeId, parseYouTubeStart, youTubeWatchUrl } from '../../../shared/youtube'
import { highlightCode } from './code-highlight'
import { uploadConverter } from './images'
import type { LexicalContent } from './markdown'

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHTML = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)

type Node = { type?: string; children?: unknown[]; [key: string]: unknown }

/**
 * The converters a post body may use, and nothing else. Every one either emits fixed markup or
 * passes each stored string through escapeHTML (URLs through sanitizeUrl first, which turns
 * javascript:, data: and every other non-http(s)/mailto/tel scheme into '#'). Tag names come from
 * allow-lists. Any other node type (tables, unknown blocks, relationships) renders only its
 * children's text. Internal links get their URL from the lookup (RenderContext.links): fixed
 * paths and URI-encoded slugs; code is escaped token by token (code-highlight.ts); a YouTube
 * block's id must match YOUTUBE_ID_PATTERN, or the block renders nothing.
 * So the output is sanitised by construction: no script, iframe, event handler or javascript: URL
 * can come out, whatever JSON is stored. (Payload's own table converter is left out: it writes
 * colSpan/rowSpan unescaped.)
 */
const heading: HTMLConverter<Node> = ({ node, nodesToHTML, providedStyleTag }) => {
  // The page title is the only h1; a '# Heading' in the body becomes an h2.
  const level = Math.max(2, Number(/^h([1-6])$/.exec(String(node.tag))?.[1] ?? 2))
  return `<h${level}${providedStyleTag}>${nodesToHTML({ nodes: node.children as never }).join('')}</h${level}>`
}

const listitem: HTMLConverter<Node> = ({ node, nodesToHTML, parent }) => {
  const children = nodesToHTML({ nodes: node.children as never }).join('')
  const nested = (node.children ?? []).some((child) => (child as Node).type === 'list')
  if ((parent as Node).listType === 'check' && !nested) {
    return `<li class="task-item"><input type="checkbox" disabled${node.checked ? ' checked' : ''} /> ${children}</li>`
  }
  return `<li${nested ? ' class="nested-list-item"' : ''}>${children}</li>`
}

/** The site's pages of the documents a body links to, as the reader may see them (body.ts looks them up). */
export type LinkTargets = {
  /** post id → current slug (visible posts only: a draft is absent for a visitor) */
  posts: ReadonlyMap<string, string>
  /** video id → videoId (the /video/{videoId} page) */
  videos: ReadonlyMap<string, string>
  /** ids of existing categories */
  categories: ReadonlySet<string>
}

export type RenderContext = {
  links?: LinkTargets
  /** Loaded when the body has a code block (code-highlight.ts); without it code is plain. */
  highlighter?: HighlighterCore | null
}

export type InternalLinkRef = { relationTo: string; id: string }

/** The collection and id an internal link points at (stored as an id, or populated as the document). */
export function internalLinkRef(fields: unknown): InternalLinkRef | null {
  const { linkType, doc } = (fields ?? {}) as { linkType?: unknown; doc?: { relationTo?: unknown; value?: unknown } | null }
  if (linkType !== 'internal' || !doc || typeof doc.relationTo !== 'string') return null
  const value = doc.value && typeof doc.value === 'object' ? (doc.value as { id?: unknown }).id : doc.value
  return typeof value === 'number' || (typeof value === 'string' && value !== '') ? { relationTo: doc.relationTo, id: String(value) } : null
}

/** The site's URL of an internal link's target, or null when the reader cannot see it (draft, deleted). */
function internalHref(ref: InternalLinkRef, links: LinkTargets | undefined): string | null {
  if (!links) return null
  if (ref.relationTo === 'posts') {
    const slug = links.posts.get(ref.id)
    return slug ? `/post/${encodeURIComponent(slug)}` : null
  }
  if (ref.relationTo === 'videos') {
    const videoId = links.videos.get(ref.id)
    return videoId ? `/video/${encodeURIComponent(videoId)}` : null
  }
  if (ref.relationTo === 'categories') return links.categories.has(ref.id) ? `/blog?category=${encodeURIComponent(ref.id)}` : null
  return null
}

const linkConverter =
  (links: LinkTargets | undefined): HTMLConverter<Node> =>
  ({ node, nodesToHTML }) => {
    const fields = (node.fields ?? {}) as { url?: unknown; newTab?: unknown; linkType?: unknown }
    const text = nodesToHTML({ nodes: node.children as never }).join('')
    const target = fields.newTab ? ' target="_blank"' : ''
    if (fields.linkType === 'internal') {
      // Resolved from the target's id at render time, so a renamed post's link follows it; a
      // target the reader may not see leaves the text without a link (nothing about a draft leaks).
      const ref = internalLinkRef(fields)
      const href = ref && internalHref(ref, links)
      return href ? `<a href="${escapeHTML(href)}"${target}>${text}</a>` : text
    }
    const url = sanitizeUrl(typeof fields.url === 'string' ? fields.url : '')
    const external = /^https?:\/\//i.test(url)
    const rel = external ? ' rel="noopener noreferrer nofollow"' : ''
    return `<a href="${escapeHTML(url || '#')}"${rel}${target}>${text}</a>`
  }

const codeBlock =
  (highlighter: HighlighterCore | null | undefined): HTMLConverter<Node> =>
  ({ node }) => {
    const fields = (node.fields ?? {}) as { code?: unknown; language?: unknown }
    return highlightCode(highlighter ?? null, typeof fields.code === 'string' ? fields.code : '', fields.language)
  }

/**
 * The editor's YouTube block: a poster linking to the video on YouTube (what a reader without
 * JavaScript gets); PostContent.astro's script swaps it for the youtube-nocookie.com player on a
 * click. Nothing is requested from YouTube before that.
 */
const youTubeBlock: HTMLConverter<Node> = ({ node }) => {
  const fields = (node.fields ?? {}) as { url?: unknown; caption?: unknown }
  const id = parseYouTubeId(fields.url)
  if (!id) return ''
  const start = parseYouTubeStart(fields.url)
  const caption = typeof fields.caption === 'string' ? fields.caption.trim() : ''
  const name = escapeHTML(caption || 'YouTube video')
  return (
    `<figure class="youtube-embed">` +
    `<div class="youtube-embed__frame">` +
    `<a class="youtube-embed__poster" href="${escapeHTML(youTubeWatchUrl(id, start))}" data-youtube-id="${id}"${start ? ` data-start="${start}"` : ''} data-title="${name}" rel="noopener noreferrer nofollow">` +
    `<span class="youtube-embed__play" aria-hidden="true"><svg viewBox="0 0 24 24" width="28" height="28" fill="currentColor"><path d="M8 5v14l11-7z"/></svg></span>` +
    `<span class="youtube-embed__label">Play video<span class="sr-only">: ${name}</span></span>` +
    `<span class="youtube-embed__note">Loads from YouTube (youtube-nocookie.com) when you press play</span>` +
    `</a></div>` +
    (caption ? `<figcaption>${escapeHTML(caption)}</figcaption>` : '') +
    `</figure>`
  )
}

const childrenOnly: HTMLConverter<Node> = ({ node, nodesToHTML }) =>
  Array.isArray(node.children) ? nodesToHTML({ nodes: node.children as never }).join('') : ''

export const POST_HTML_CONVERTERS: HTMLConverters = {
  ...ParagraphHTMLConverter,
  ...TextHTMLConverter,
  ...LinebreakHTMLConverter,
  ...TabHTMLConverter,
  ...HorizontalRuleHTMLConverter,
  ...BlockquoteHTMLConverter,
  list: ListHTMLConverter.list,
  listitem,
  heading,
  upload: uploadConverter,
  unknown: childrenOnly,
}

/** The converters for one render: internal links resolved through `links`, code through `highlighter`. */
export function postHtmlConverters({ links, highlighter }: RenderContext = {}): HTMLConverters {
  const link = linkConverter(links)
  const blocks = { Code: codeBlock(highlighter), YouTube: youTubeBlock }
  // (TypeScript cannot match a spread of HTMLConverters back to its index signature.)
  return { ...POST_HTML_CONVERTERS, link, autolink: link, blocks } as HTMLConverters
}

/**
 * A stored post body as HTML, safe to put on the page with set:html. Internal links render only
 * when `context.links` has their target (renderPostBody in body.ts looks them up for the reader).
 */
export function renderPostHtml(content: LexicalContent | null | undefined, context: RenderContext = {}): string {
  if (!content?.root) return ''
  return convertLexicalToHTML({ converters: postHtmlConverters(context), data: content as never, disableContainer: true })
}

/** Calls `visit` for every node of a body. */
export function walkNodes(content: LexicalContent | null | undefined, visit: (node: Node) => void): void {
  const stack: unknown[] = content?.root ? [content.root] : []
  while (stack.length) {
    const node = stack.pop() as Node
    if (!node || typeof node !== 'object') continue
    visit(node)
    if (Array.isArray(node.children)) stack.push(...node.children)
  }
}

export { postPlainText, wordCount } from './reading'
