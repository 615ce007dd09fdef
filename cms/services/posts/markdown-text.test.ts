import { describe, expect, it } from 'vitest'

import { nestListIndentation } from './markdown-text'

const md = (...lines: string[]) => lines.join('\n')

describe('nestListIndentation: nested lists as people write them, as Lexical reads them (4 spaces a level)', () => {
  it('two spaces under a bullet, three under a number, a tab: one level down', () => {
    expect(nestListIndentation(md('- a', '  - b', '- c'))).toBe(md('- a', '    - b', '- c'))
    expect(nestListIndentation(md('1. a', '   1. b', '2. c'))).toBe(md('1. a', '    1. b', '2. c'))
    expect(nestListIndentation(md('- a', '\t- b'))).toBe(md('- a', '    - b'))
  })

  it('keeps what Lexical itself writes (4 spaces a level, several levels) as it is', () => {
    const lexical = md('- a', '    - b', '        - c', '    - d', '- e', '', '1. x', '    1. y', '2. z')
    expect(nestListIndentation(lexical)).toBe(lexical)
  })

  it('goes back up to the level whose text the item starts under', () => {
    expect(nestListIndentation(md('- a', '  - b', '    - c', '  - d', '- e'))).toBe(md('- a', '    - b', '        - c', '    - d', '- e'))
    expect(nestListIndentation(md('- a', '  - b', ' - c'))).toBe(md('- a', '    - b', '- c'))
  })

  it('a space or two before a top-level item is not nesting', () => {
    expect(nestListIndentation(md('  - a', '  - b'))).toBe(md('- a', '- b'))
  })

  it('continuation lines of an item lose their indentation; paragraphs after the list are untouched', () => {
    expect(nestListIndentation(md('- a', '  more of a', '', 'After.'))).toBe(md('- a', 'more of a', '', 'After.'))
    expect(nestListIndentation(md('Intro', '', '    indented text'))).toBe(md('Intro', '', '    indented text'))
  })

  it('leaves fenced code alone, even when it looks like a list', () => {
    const fenced = md('- a', '```', '  - not a list', '```', '  - b')
    expect(nestListIndentation(fenced)).toBe(md('- a', '```', '  - not a list', '```', '- b'))
    expect(nestListIndentation(md('```x```', '  - b'))).toBe(md('```x```', '- b'))
  })

  it('emphasis at the start of a line is not a list item', () => {
    expect(nestListIndentation(md('- a', '  *b* c'))).toBe(md('- a', '*b* c'))
    expect(nestListIndentation('**bold** line')).toBe('**bold** line')
  })
})
