import {
  convertLexicalToMarkdown,
  convertMarkdownToLexical,
  editorConfigFactory,
  type SanitizedServerEditorConfig,
} from '@payloadcms/richtext-lexical'
import type { Payload } from 'payload'

import type { Post } from '../../payload-types'

export type LexicalContent = Post['content']

// One sanitised editor config per Payload instance (building it walks every feature).
const configs = new WeakMap<Payload, Promise<SanitizedServerEditorConfig>>()

function editorConfigFor(payload: Payload): Promise<SanitizedServerEditorConfig> {
  let config = configs.get(payload)
  if (!config) {
    config = editorConfigFactory.default({ config: payload.config })
    configs.set(payload, config)
  }
  return config
}

/** The admin API writes markdown; the editor stores Lexical. Same conversion as the seed. */
export async function markdownToLexical(payload: Payload, markdown: string): Promise<LexicalContent> {
  const editorConfig = await editorConfigFor(payload)
  return convertMarkdownToLexical({ editorConfig, markdown }) as unknown as LexicalContent
}

export async function lexicalToMarkdown(payload: Payload, content: LexicalContent | null | undefined): Promise<string> {
  if (!content) return ''
  const editorConfig = await editorConfigFor(payload)
  return convertLexicalToMarkdown({ data: content as never, editorConfig })
}
