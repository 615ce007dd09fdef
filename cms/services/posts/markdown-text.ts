// Markdown text as the admin API takes it, made ready for Lexical's importer (pure string work).

const TAB_WIDTH = 4
/** Lexical's list importer reads nesting as 4 columns per level (and writes it that way). */
const LEXICAL_LIST_INDENT = 4
/** A list item line: indentation, the marker (-, *, + or 1.) and the spaces after it. */
const LIST_ITEM = /^([ \t]*)([-*+]|\d{1,9}\.)([ \t]+)/
const FENCE = /^[ \t]*```/
const BLANK = /^[ \t]*$/

const columns = (whitespace: string) => [...whitespace].reduce((n, c) => n + (c === '\t' ? TAB_WIDTH : 1), 0)

/**
 * Nested lists written the usual ways (two spaces under `- `, three under `1. `, a tab) nest as
 * CommonMark reads them: an item is the child of the item above when it starts at or past that
 * item's text. Lexical's importer only knows 4 spaces per level and flattens anything else, so
 * each item's indentation is rewritten to 4 spaces per level. Lines inside ``` fences and lines
 * outside lists are left as they are; a continuation line of an item loses its indentation (it
 * joins the item either way).
 */
export function nestListIndentation(markdown: string): string {
  const lines = markdown.split('\n')
  /** The open items, outermost first: where each one's text starts. */
  const open: number[] = []
  let inFence = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (FENCE.test(line)) {
      // A fence on one line (```code```) opens and closes itself.
      if (!/^[ \t]*```.*```[ \t]*$/.test(line) || inFence) inFence = !inFence
      open.length = 0
      continue
    }
    if (inFence || BLANK.test(line)) continue
    const item = LIST_ITEM.exec(line)
    const indent = columns(/^[ \t]*/.exec(line)![0])
    while (open.length && indent < open[open.length - 1]!) open.pop()
    if (item) {
      const [, lead, marker, gap] = item
      lines[i] = ' '.repeat(open.length * LEXICAL_LIST_INDENT) + line.slice(lead!.length)
      open.push(indent + marker!.length + Math.min(columns(gap!), 4))
    } else if (open.length) {
      lines[i] = line.trimStart()
    }
  }
  return lines.join('\n')
}
