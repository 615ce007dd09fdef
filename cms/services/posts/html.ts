import {
  BlockquoteHTMLConverter,
  convertLexicalToHTML,
  HorizontalRuleHTMLConverter,
  LinebreakHTMLConverter,
  ListHTMLConverter,
  ParagraphHTMLConverter,
  TabHTMLConverter,
  TextHTMLConverter,
  UploadHTMLConverter,
  type HTMLConverter,
  type HTMLConverters,
} from '@payloadcms/richtext-lexical/html'
import { sanitizeUrl } from 'payload/shared'

import type { LexicalContent } from './markdown'

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHTML = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)

type Node = { type?: string; children?: unknown[]; [key: string]: unknown }

/**
 * The converters a post body may use, and nothing else. Every one either emits fixed markup or
 * passes each stored string through escapeHTML (URLs through sanitizeUrl first, which turns
 * javascript:, data: and every other non-http(s)/mailto/tel scheme into '#'). Tag names come from
 * allow-lists. Any other node type (tables, future blocks) renders only its children's text.
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

const link: HTMLConverter<Node> = ({ node, nodesToHTML }) => {
  const fields = (node.fields ?? {}) as { url?: unknown; newTab?: unknown; linkType?: unknown }
  // Internal links point at a document id; the site has no resolver for them yet.
  const url = fields.linkType === 'internal' ? '#' : sanitizeUrl(typeof fields.url === 'string' ? fields.url : '')
  const external = /^https?:\/\//i.test(url)
  const rel = external ? ' rel="noopener noreferrer nofollow"' : ''
  const target = fields.newTab ? ' target="_blank"' : ''
  return `<a href="${escapeHTML(url || '#')}"${rel}${target}>${nodesToHTML({ nodes: node.children as never }).join('')}</a>`
}

const codeBlock: HTMLConverter<Node> = ({ node }) => {
  const fields = (node.fields ?? {}) as { code?: unknown }
  return `<pre><code>${escapeHTML(typeof fields.code === 'string' ? fields.code : '')}</code></pre>`
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
  link,
  autolink: link,
  upload: UploadHTMLConverter.upload,
  // Payload's CodeBlock (BlocksFeature), should the editor ever enable it.
  blocks: { Code: codeBlock },
  unknown: childrenOnly,
}

/** A stored post body as HTML, safe to put on the page with set:html. */
export function renderPostHtml(content: LexicalContent | null | undefined): string {
  if (!content?.root) return ''
  return convertLexicalToHTML({ converters: POST_HTML_CONVERTERS, data: content as never, disableContainer: true })
}

export { postPlainText, wordCount } from './reading'
