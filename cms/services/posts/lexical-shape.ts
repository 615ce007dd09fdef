// Pure work on a post body's Lexical JSON around the markdown conversion (markdown.ts): what goes
// in and comes out of the converter, and when two bodies are the same post. Terms: README.md.
import { toCodeLanguage } from '../../../shared/code-languages'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Node = { [key: string]: Json }
type Body = { root: Node }

/** Markdown has no empty paragraph; a line holding only this marker stands for one (both ways). */
export const BLANK_PARAGRAPH_MARKER = '<br>'

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value)
const childrenOf = (node: Node): Node[] => (Array.isArray(node.children) ? node.children.filter(isNode) : [])

function mapNodes(body: Body, visit: (node: Node) => Node): Body {
  const walk = (node: Node): Node => {
    const next = visit(node)
    return Array.isArray(next.children) ? { ...next, children: childrenOf(next).map(walk) } : next
  }
  return { ...body, root: walk(body.root) }
}

const textNode = (text: string): Node => ({ detail: 0, format: 0, mode: 'normal', style: '', text, type: 'text', version: 1 })

/**
 * The body as the markdown exporter should see it:
 * - an upload populated with its media document (reads at depth 1) goes back to the bare id, so
 *   it is written as Payload's `![media:12]()` reference (which reads back as the same upload)
 *   instead of `![alt](url)`, which would read back as nothing;
 * - an empty paragraph becomes the blank-paragraph marker (markdown would drop it).
 */
export function prepareForMarkdown<T>(content: T): T {
  if (!isNode(content) || !isNode(content.root)) return content
  return mapNodes(content as unknown as Body, (node) => {
    if (node.type === 'upload' && isNode(node.value) && (typeof node.value.id === 'number' || typeof node.value.id === 'string')) {
      return { ...node, value: node.value.id }
    }
    if (node.type === 'paragraph' && childrenOf(node).length === 0) return { ...node, children: [textNode(BLANK_PARAGRAPH_MARKER)] }
    return node
  }) as unknown as T
}

/** After the markdown importer: a paragraph holding only the marker is an empty paragraph again. */
export function restoreFromMarkdown<T>(content: T): T {
  if (!isNode(content) || !isNode(content.root)) return content
  return mapNodes(content as unknown as Body, (node) => {
    const [only, ...rest] = childrenOf(node)
    const isMarker = only?.type === 'text' && only.text === BLANK_PARAGRAPH_MARKER && !only.format && rest.length === 0
    return node.type === 'paragraph' && isMarker ? { ...node, children: [] } : node
  }) as unknown as T
}

// ── Sameness ──────────────────────────────────────────────────────────────────

const BOLD = 1
const ITALIC = 2

/** Keys that never change what a reader sees: Lexical's bookkeeping and editor-only state. */
const IRRELEVANT_KEYS = new Set(['version', 'direction', 'textFormat', 'textStyle', 'detail', 'id', '$'])

/**
 * A body reduced to what a reader sees, so two bodies can be compared (`sameBody`). What is
 * dropped or evened out, and why it does not matter:
 * - `version`, `direction` (ltr/null: every body is left-to-right), a paragraph's `textFormat` and
 *   `textStyle` (the format the editor would give the next typed character), a text's `detail`,
 *   node and block `id`s (random, made by each editor), Lexical's `$` state (how a line break was
 *   typed in markdown), a list item's `value` and a list's `tag` (both follow from the list);
 * - adjacent text runs of the same look are one run; bold and italic on spaces (invisible) are
 *   ignored, so `**bold** after` equals a bold run that ended in a space;
 * - a tab node is a tab character; an autolink is a link to its own text's address (both render
 *   as the same <a>); `newTab: false` equals no newTab; an empty block name equals none; an
 *   upload's empty `fields` equal none; a code block's language is the one it is highlighted as.
 * Everything else counts: text, formats, links and their targets, headings and their levels,
 * lists, nesting, alignment, indentation, quotes, code, blocks, uploads, empty paragraphs.
 */
export function normalizeBody(content: unknown): Json {
  if (!isNode(content) || !isNode(content.root)) return null
  return normalizeNode(content.root)
}

export function sameBody(a: unknown, b: unknown): boolean {
  return stableJson(normalizeBody(a)) === stableJson(normalizeBody(b))
}

/** JSON with every object's keys in order, so key order (which no reader sees) never counts. */
function stableJson(value: Json | undefined): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (isNode(value)) {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort()
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

function normalizeNode(node: Node): Node {
  let out: Node = {}
  for (const key of Object.keys(node).sort()) {
    if (IRRELEVANT_KEYS.has(key) || key === 'children') continue
    out[key] = node[key]!
  }
  if (node.type === 'tab') out = { type: 'text', text: '\t', format: 0, mode: 'normal', style: '' }
  if (out.type === 'text') out = normalizeText(out)
  if (node.type === 'listitem') delete out.value
  if (node.type === 'list') delete out.tag
  if (node.type === 'link' || node.type === 'autolink') out = normalizeLink(node, out)
  if (node.type === 'block' && isNode(node.fields)) out.fields = normalizeBlockFields(node.fields)
  if (node.type === 'upload') {
    if (isNode(node.value) && 'id' in node.value) out.value = node.value.id!
    if (!isNode(node.fields) || Object.keys(node.fields).length === 0) delete out.fields
  }
  if (Array.isArray(node.children)) out.children = mergeTextRuns(childrenOf(node).map(normalizeNode))
  return out
}

function normalizeText(text: Node): Node {
  const out = { ...text }
  if (out.mode === 'normal') delete out.mode
  if (out.style === '') delete out.style
  return out
}

function normalizeLink(node: Node, out: Node): Node {
  const fields: Node = isNode(node.fields) ? { ...node.fields } : {}
  if (node.type === 'autolink' && typeof fields.url !== 'string') {
    fields.url = childrenOf(node).map((child) => (typeof child.text === 'string' ? child.text : '')).join('')
  }
  fields.linkType ??= 'custom'
  if (!fields.newTab) delete fields.newTab
  if (fields.doc === null || fields.doc === undefined) delete fields.doc
  return { ...out, type: 'link', fields: sortKeys(fields) }
}

function normalizeBlockFields(fields: Node): Node {
  const out: Node = { ...fields }
  delete out.id
  if (!out.blockName) delete out.blockName
  if (out.blockType === 'Code') out.language = toCodeLanguage(out.language)
  return sortKeys(out)
}

const sortKeys = (node: Node): Node => Object.fromEntries(Object.keys(node).sort().map((key) => [key, node[key]!]))

/**
 * One run per look. Each text is cut into words and spaces first; a space takes the bold and
 * italic of the run it joins (they do not show on a space), so where a bold run ends around a
 * space does not matter.
 */
function mergeTextRuns(children: Node[]): Node[] {
  const out: Node[] = []
  for (const child of children.flatMap(splitSpaces)) {
    const previous = out[out.length - 1]
    if (child.type === 'text' && previous?.type === 'text' && sameLook(previous, child)) {
      const format = isBlank(previous) ? child.format! : previous.format!
      out[out.length - 1] = { ...previous, text: `${String(previous.text)}${String(child.text)}`, format }
    } else {
      out.push(isBlank(child) ? { ...child, format: Number(child.format ?? 0) & ~(BOLD | ITALIC) } : child)
    }
  }
  return out
}

function splitSpaces(node: Node): Node[] {
  if (node.type !== 'text' || typeof node.text !== 'string') return [node]
  return (node.text.match(/\s+|\S+/g) ?? []).map((text) => ({ ...node, text }))
}

const isBlank = (node: Node) => node.type === 'text' && /^\s*$/.test(String(node.text))
const look = (node: Node, ignoreBoldItalic: boolean) => {
  const format = Number(node.format ?? 0)
  return JSON.stringify([ignoreBoldItalic ? format & ~(BOLD | ITALIC) : format, node.style ?? '', node.mode ?? ''])
}

function sameLook(a: Node, b: Node): boolean {
  const ignore = isBlank(a) || isBlank(b)
  return look(a, ignore) === look(b, ignore)
}
