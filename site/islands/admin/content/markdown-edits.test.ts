import { describe, expect, it } from 'vitest'

import { insertCodeBlock, insertLink, toggleInline, toggleLinePrefix, type Edit } from './markdown-edits'

/** Text with the selection marked as [ and ] (a caret as |). */
function at(marked: string): Edit {
  const caret = marked.indexOf('|')
  if (caret >= 0) return { text: marked.replace('|', ''), start: caret, end: caret }
  const start = marked.indexOf('[')
  const end = marked.indexOf(']') - 1
  return { text: marked.replace('[', '').replace(']', ''), start, end }
}
const show = ({ text, start, end }: Edit) => (start === end ? `${text.slice(0, start)}|${text.slice(start)}` : `${text.slice(0, start)}[${text.slice(start, end)}]${text.slice(end)}`)

describe('toggleInline', () => {
  it('wraps the selection and keeps it selected; the same button again unwraps it', () => {
    const bold = toggleInline(at('a [word] b'), '**', 'bold text')
    expect(show(bold)).toBe('a **[word]** b')
    expect(show(toggleInline(bold, '**', 'bold text'))).toBe('a [word] b')
    expect(show(toggleInline(at('a [word] b'), '*', 'italic text'))).toBe('a *[word]* b')
  })

  it('leaves selected spaces outside the markers (markdown would not read "** word**")', () => {
    expect(show(toggleInline(at('a[ word ]b'), '**', 'x'))).toBe('a **[word]** b')
  })

  it('with nothing selected inserts a placeholder, selected to type over', () => {
    expect(show(toggleInline(at('a |b'), '**', 'bold text'))).toBe('a **[bold text]**b')
  })

  it('italic inside bold makes bold italic, bold inside bold italic leaves italic', () => {
    expect(show(toggleInline(at('**[word]**'), '*', 'x'))).toBe('***[word]***')
    expect(show(toggleInline(at('***[word]***'), '**', 'x'))).toBe('*[word]*')
  })
})

describe('toggleLinePrefix', () => {
  it('a heading, list or quote prefix on each selected line, replacing another one', () => {
    expect(show(toggleLinePrefix(at('Ti|tle'), '## '))).toBe('## Title|')
    expect(toggleLinePrefix(at('[one\ntwo]\nthree'), '- ').text).toBe('- one\n- two\nthree')
    expect(toggleLinePrefix(at('[- one\n- two]'), '1. ').text).toBe('1. one\n2. two')
    expect(toggleLinePrefix(at('[## old]'), '> ').text).toBe('> old')
  })

  it('taken away when every selected line has it', () => {
    expect(toggleLinePrefix(at('[- one\n- two]'), '- ').text).toBe('one\ntwo')
    expect(toggleLinePrefix(at('[3. one\n4. two]'), '1. ').text).toBe('one\ntwo')
    expect(toggleLinePrefix(at('## Ti|tle'), '## ').text).toBe('Title')
  })

  it('only the lines the selection touches; a selection ending at a line start stops before it', () => {
    expect(toggleLinePrefix(at('zero\n[one\n]two'), '> ').text).toBe('zero\n> one\ntwo')
  })
})

describe('insertLink', () => {
  it('the selection becomes the words, the address is selected', () => {
    const edit = insertLink(at('see [the guide] now'))
    expect(edit.text).toBe('see [the guide](https://) now')
    expect(edit.text.slice(edit.start, edit.end)).toBe('https://')
    expect(insertLink(at('|')).text).toBe('[link text](https://)')
  })
})

describe('insertCodeBlock', () => {
  it('fences the selected lines on lines of their own, blank lines around', () => {
    const edit = insertCodeBlock(at('Intro\n[const a = 1]\nOutro'))
    expect(edit.text).toBe('Intro\n\n```\nconst a = 1\n```\n\nOutro')
    expect(edit.text.slice(edit.start, edit.end)).toBe('const a = 1')
  })

  it('with nothing selected, an empty block with the caret inside', () => {
    expect(show(insertCodeBlock(at('Text|')))).toBe('Text\n\n```\n|\n```')
    expect(show(insertCodeBlock(at('|')))).toBe('```\n|\n```')
  })
})
