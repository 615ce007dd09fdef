// Corrections to Payload's markdown transformers for post bodies, each one a loss found by the
// round trip (Lexical → markdown → Lexical; tests/int/admin-post-roundtrip.test.ts).
import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import { $createLineBreakNode, type LexicalNode } from '@payloadcms/richtext-lexical/lexical'
import {
  $createListItemNode,
  $createListNode,
  $isListItemNode,
  $isListNode,
  ListNode,
  type ListNode as ListNodeType,
  type ListType,
} from '@payloadcms/richtext-lexical/lexical/list'
import { $createQuoteNode, $isQuoteNode, QuoteNode } from '@payloadcms/richtext-lexical/lexical/rich-text'

export type Transformer = SanitizedServerEditorConfig['features']['markdownTransformers'][number]
type ElementTransformer = Extract<Transformer, { type: 'element' }>

/** Lexical's list markdown: 4 spaces a level. */
const LIST_INDENT = 4

/**
 * A quote's lines are one quote with line breaks between them (Payload's own transformer joins
 * them with nothing: "> a" + "> b" read back as "ab"), and a line of just ">" is an empty line
 * of the quote. Written the same way as Payload's.
 */
export const QUOTE_WITH_LINE_BREAKS: ElementTransformer = {
  type: 'element',
  dependencies: [QuoteNode],
  export: (node, exportChildren) => ($isQuoteNode(node) ? exportChildren(node).split('\n').map((line) => (line ? `> ${line}` : '>')).join('\n') : null),
  regExp: /^>(?:\s|$)/,
  replace: (parentNode, children, _match, isImport) => {
    const previous = parentNode.getPreviousSibling()
    if (isImport && $isQuoteNode(previous)) {
      previous.splice(previous.getChildrenSize(), 0, [$createLineBreakNode(), ...children])
      parentNode.remove()
      return
    }
    const quote = $createQuoteNode()
    quote.append(...children)
    parentNode.replace(quote)
  },
}

const isElement = (t: Transformer): t is ElementTransformer => t.type === 'element'
export const isQuoteTransformer = (t: Transformer) => isElement(t) && t.dependencies.includes(QuoteNode)

/** The list an item opens, told from the transformer's own pattern. */
function listTypeOf(t: ElementTransformer): ListType | null {
  if (!t.dependencies.includes(ListNode)) return null
  if (t.regExp.test('1. x')) return 'number'
  if (t.regExp.test('[ ] x')) return 'check'
  return 'bullet'
}

/** The nested list a "wrapper" item holds (Lexical nests a list in an item of its own). */
function nestedList(node: LexicalNode | null): ListNodeType | null {
  if (!$isListItemNode(node) || node.getChildrenSize() !== 1) return null
  const only = node.getFirstChild()
  return $isListNode(only) ? only : null
}

/**
 * Nested list items of another kind than their parent (a numbered list under a bullet) go under
 * that parent. Payload's transformer starts a new top-level list whenever the kind changes and
 * nests the item inside it, so "- a" + "    1. b" came back as two separate lists. Items at the
 * top level, or with no list above them, are left to Payload's transformer.
 */
export function nestingAcrossListTypes(t: Transformer): Transformer {
  if (!isElement(t)) return t
  const listType = listTypeOf(t)
  if (!listType) return t
  const replace: ElementTransformer['replace'] = (parentNode, children, match, isImport) => {
    const depth = Math.floor((match[1]?.length ?? 0) / LIST_INDENT)
    const above = parentNode.getPreviousSibling()
    if (!isImport || depth === 0 || !$isListNode(above)) return t.replace(parentNode, children, match, isImport)
    let parent: ListNodeType = above
    for (let level = 1; level < depth; level++) {
      const deeper = nestedList(parent.getLastChild())
      if (!deeper) break
      parent = deeper
    }
    let list = nestedList(parent.getLastChild())
    if (!list || list.getListType() !== listType) {
      list = $createListNode(listType, listType === 'number' ? Number(match[2]) : undefined)
      parent.append($createListItemNode().append(list))
    }
    const item = $createListItemNode(listType === 'check' ? match[3] === 'x' : undefined)
    list.append(item)
    item.append(...children)
    parentNode.remove()
  }
  return { ...t, replace }
}
