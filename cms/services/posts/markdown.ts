import {
  $convertFromMarkdownString,
  convertLexicalToMarkdown,
  editorConfigFactory,
  getEnabledNodes,
  type SanitizedServerEditorConfig,
} from '@payloadcms/richtext-lexical'
import { createHeadlessEditor } from '@payloadcms/richtext-lexical/lexical/headless'
import type { Payload } from 'payload'

import type { Post } from '../../payload-types'
import { prepareForMarkdown, restoreFromMarkdown, sameBody } from './lexical-shape'
import { nestListIndentation } from './markdown-text'
import { isQuoteTransformer, nestingAcrossListTypes, QUOTE_WITH_LINE_BREAKS, type Transformer } from './markdown-transformers'

export type LexicalContent = Post['content']

type Converters = { editorConfig: SanitizedServerEditorConfig; importTransformers: Transformer[] }

const tagLength = (t: Transformer) => (t.type === 'text-format' ? t.tag.length : 0)

const converters = new WeakMap<Payload, Converters>()

/**
 * The posts' own editor config (cms/editor.ts, as Payload sanitised it for the `content` field),
 * so markdown knows its blocks: a ``` fence is a code block, <YouTube url="…"/> a YouTube block;
 * with the corrections of markdown-transformers.ts, and for reading the text formats longest
 * marker first (Payload lists `**` before `***`, which read `***both***` as bold "*both" and a
 * stray "*").
 */
function convertersFor(payload: Payload): Converters {
  let found = converters.get(payload)
  if (!found) {
    const field = payload.collections.posts.config.flattenedFields.find((f) => f.name === 'content')
    if (field?.type !== 'richText') throw new Error('posts.content is not a rich-text field')
    const base = editorConfigFactory.fromField({ field })
    const transformers = base.features.markdownTransformers.map((t) => (isQuoteTransformer(t) ? QUOTE_WITH_LINE_BREAKS : nestingAcrossListTypes(t)))
    const editorConfig = { ...base, features: { ...base.features, markdownTransformers: transformers } }
    const importTransformers = [...transformers].sort((a, b) => tagLength(b) - tagLength(a))
    found = { editorConfig, importTransformers }
    converters.set(payload, found)
  }
  return found
}

/**
 * The admin API writes markdown; the editor stores Lexical. The seed writes its posts through here
 * too. A new line inside a paragraph, quote or list item is a line break (as typed; Lexical's
 * default would join the lines with a space), nested lists may be indented the usual ways, and a
 * line holding only `<br>` is an empty paragraph (see README: markdown).
 */
export async function markdownToLexical(payload: Payload, markdown: string): Promise<LexicalContent> {
  const { editorConfig, importTransformers } = convertersFor(payload)
  const editor = createHeadlessEditor({ nodes: getEnabledNodes({ editorConfig }) })
  editor.update(
    () => {
      $convertFromMarkdownString(nestListIndentation(markdown), importTransformers, undefined, false, false)
    },
    { discrete: true },
  )
  return restoreFromMarkdown(editor.getEditorState().toJSON() as unknown as LexicalContent)
}

export async function lexicalToMarkdown(payload: Payload, content: LexicalContent | null | undefined): Promise<string> {
  if (!content) return ''
  const { editorConfig } = convertersFor(payload)
  return convertLexicalToMarkdown({ data: prepareForMarkdown(content) as never, editorConfig })
}

/**
 * Whether the markdown of this body carries all of it: written back unchanged, it is the same
 * body (`sameBody`). False for what markdown has no form for — an internal link, underline,
 * alignment, indentation, a link opening in a new tab… — so such a post is edited in /cms.
 */
export async function markdownKeepsBody(payload: Payload, content: LexicalContent | null | undefined): Promise<boolean> {
  if (!content) return true
  const back = await markdownToLexical(payload, await lexicalToMarkdown(payload, content))
  return sameBody(content, back)
}
