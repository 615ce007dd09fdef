import {
  convertLexicalToMarkdown,
  convertMarkdownToLexical,
  editorConfigFactory,
  type SanitizedServerEditorConfig,
} from '@payloadcms/richtext-lexical'
import type { Payload } from 'payload'

import type { Post } from '../../payload-types'

export type LexicalContent = Post['content']

/**
 * The posts' own editor config (cms/editor.ts, as Payload sanitised it for the `content` field),
 * so markdown knows its blocks: a ``` fence is a code block, <YouTube url="…"/> a YouTube block.
 */
function editorConfigFor(payload: Payload): Promise<SanitizedServerEditorConfig> {
  const field = payload.collections.posts.config.flattenedFields.find((f) => f.name === 'content')
  if (field?.type !== 'richText') throw new Error('posts.content is not a rich-text field')
  return Promise.resolve(editorConfigFactory.fromField({ field }))
}

/** The admin API writes markdown; the editor stores Lexical. The seed writes its posts through here too. */
export async function markdownToLexical(payload: Payload, markdown: string): Promise<LexicalContent> {
  const editorConfig = await editorConfigFor(payload)
  return convertMarkdownToLexical({ editorConfig, markdown }) as unknown as LexicalContent
}

export async function lexicalToMarkdown(payload: Payload, content: LexicalContent | null | undefined): Promise<string> {
  if (!content) return ''
  const editorConfig = await editorConfigFor(payload)
  return convertLexicalToMarkdown({ data: content as never, editorConfig })
}
