// How long a body is, as the server derives it (the Posts hook's readTime, the page's JSON-LD
// wordCount) and as the editor's sidebar shows it while the creator types (cms/components/ReadingStats).
// Browser-safe: Payload's plain-text converter is a pure walk over the Lexical JSON.
import type { SerializedQuoteNode } from '@payloadcms/richtext-lexical'
import { convertLexicalToPlaintext, type PlaintextConverter } from '@payloadcms/richtext-lexical/plaintext'

import { excerptFrom, readTimeMinutes, wordCount } from '../../../shared/format'
import type { Post } from '../../payload-types'

type LexicalContent = Post['content']

/**
 * Payload's converter separates paragraphs, headings and lists with a blank line but glues a quote
 * to its neighbours ('…last item.A quoted line'), which ran words together in excerpts, counts and
 * the search index. A quote is a block of its own, like a paragraph.
 */
const ownBlock: PlaintextConverter<SerializedQuoteNode> = ({ childIndex, node, nodesToPlaintext }) =>
  `${childIndex > 0 ? '\n\n' : ''}${nodesToPlaintext({ nodes: node.children }).join('')}`

const converters = { quote: ownBlock }

/** Plain text of a body: word counts, excerpts, descriptions, the search index. */
export function postPlainText(content: LexicalContent | null | undefined): string {
  if (!content?.root) return ''
  return convertLexicalToPlaintext({ converters, data: content as never })
}

/** What a body's plain text derives (spec §5): a 150-character excerpt and words / 200 minutes. */
export function derivedFromText(text: string): { excerpt: string; readTime: number } {
  return { excerpt: excerptFrom(text), readTime: Math.max(1, readTimeMinutes(text)) }
}

export { wordCount }

export type ReadingStats = { words: number; minutes: number }

/** Words in the body and minutes to read it: words / 200 rounded up, at least 1 (spec §5). */
export function readingStats(content: LexicalContent | null | undefined): ReadingStats {
  const text = postPlainText(content)
  return { words: wordCount(text), minutes: Math.max(1, readTimeMinutes(text)) }
}

/** '1 word · 1 min read', '1,234 words · 7 min read'. */
export function formatReadingStats({ words, minutes }: ReadingStats): string {
  return `${words.toLocaleString('en-US')} word${words === 1 ? '' : 's'} · ${minutes} min read`
}
