// The markdown editor's toolbar as pure edits: text and selection in, text and selection out.
// Every edit writes the markdown the server reads the way /cms's editor stores it
// (cms/services/posts/README.md: markdown).

export type Edit = { text: string; start: number; end: number }

/** The whole lines the selection touches: [start of the first, end of the last). */
function lineRange(text: string, start: number, end: number): [number, number] {
  const from = text.lastIndexOf('\n', start - 1) + 1
  // A selection ending right after a newline does not reach into the next line.
  const last = end > start && text[end - 1] === '\n' ? end - 1 : end
  const to = text.indexOf('\n', last)
  return [from, to === -1 ? text.length : to]
}

/**
 * Bold (`**`), italic (`*`) or inline code (`` ` ``) around the selection; the same marker around
 * it already takes it away. With nothing selected, a placeholder word is inserted and selected.
 */
export function toggleInline({ text, start, end }: Edit, marker: string, placeholder: string): Edit {
  const m = marker.length
  if (start >= m && text.slice(start - m, start) === marker && text.slice(end, end + m) === marker) {
    // Not the inner * of a ** pair: `**word**` with "word" selected is bold, not italic.
    const outer = text[start - m - 1] === marker[0] || text[end + m] === marker[0]
    if (!outer || marker !== '*') return { text: text.slice(0, start - m) + text.slice(start, end) + text.slice(end + m), start: start - m, end: end - m }
  }
  const selected = text.slice(start, end)
  // Markers go around the words: spaces selected with them stay outside.
  const lead = selected.length - selected.trimStart().length
  const trail = selected.length - selected.trimEnd().length
  const inner = selected.trim() || placeholder
  const before = text.slice(0, start) + selected.slice(0, lead)
  const after = selected.slice(selected.length - trail) + text.slice(end)
  const innerStart = before.length + m
  return { text: `${before}${marker}${inner}${marker}${after}`, start: innerStart, end: innerStart + inner.length }
}

/**
 * A line prefix on every line the selection touches (`## `, `- `, `1. `, `> `): added, or taken
 * away when every line already has it. Numbered lines are numbered 1, 2, 3.
 */
export function toggleLinePrefix({ text, start, end }: Edit, prefix: '## ' | '- ' | '1. ' | '> '): Edit {
  const [from, to] = lineRange(text, start, end)
  const lines = text.slice(from, to).split('\n')
  const pattern = prefix === '1. ' ? /^\d+\.\s/ : new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
  const strip = (line: string) => line.replace(/^(#{1,6}\s|[-*+]\s|\d+\.\s|>\s?)/, '')
  const allHave = lines.every((line) => pattern.test(line))
  const next = lines.map((line, i) => {
    if (allHave) return line.replace(pattern, '')
    const bare = strip(line)
    return `${prefix === '1. ' ? `${i + 1}. ` : prefix}${bare}`
  })
  const replaced = next.join('\n')
  const single = lines.length === 1 && start === end
  const caret = from + replaced.length
  return {
    text: text.slice(0, from) + replaced + text.slice(to),
    start: single ? caret : from,
    end: caret,
  }
}

/** `[words](https://)`: the selection becomes the link's words, and the address is selected to type over. */
export function insertLink({ text, start, end }: Edit, url = 'https://'): Edit {
  const words = text.slice(start, end).trim() || 'link text'
  const inserted = `[${words}](${url})`
  const urlStart = start + words.length + 3
  return { text: text.slice(0, start) + inserted + text.slice(end), start: urlStart, end: urlStart + url.length }
}

/**
 * The selected lines in a fenced code block (```), on lines of their own with a blank line around
 * them; with nothing selected, an empty block with the caret inside.
 */
export function insertCodeBlock({ text, start, end }: Edit, language = ''): Edit {
  const hasSelection = end > start
  const [from, to] = hasSelection ? lineRange(text, start, end) : [start, end]
  const code = text.slice(from, to)
  const before = text.slice(0, from)
  const after = text.slice(to)
  const open = `${before && !before.endsWith('\n\n') ? (before.endsWith('\n') ? '\n' : '\n\n') : ''}\`\`\`${language}\n`
  const close = `\n\`\`\`${after && !after.startsWith('\n\n') ? (after.startsWith('\n') ? '\n' : '\n\n') : ''}`
  const codeStart = before.length + open.length
  return { text: before + open + code + close + after, start: codeStart, end: codeStart + code.length }
}
