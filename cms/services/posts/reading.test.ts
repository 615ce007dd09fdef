import { describe, expect, it } from 'vitest'

import { derivedFromText, formatReadingStats, postPlainText, readingStats } from './reading'

const text = (t: string, format = 0) => ({ type: 'text', text: t, format, detail: 0, mode: 'normal', style: '', version: 1 })
const block = (type: string, extra: object, ...children: object[]) => ({ type, children, direction: null, format: '', indent: 0, version: 1, ...extra })
const paragraph = (...children: object[]) => block('paragraph', {}, ...children)
const heading = (t: string) => block('heading', { tag: 'h2' }, text(t))
const list = (...items: string[]) => block('list', { listType: 'bullet', tag: 'ul', start: 1 }, ...items.map((t, i) => block('listitem', { value: i + 1 }, text(t))))
const doc = (...children: object[]) => ({ root: { type: 'root', children, direction: null, format: '', indent: 0, version: 1 } }) as never
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ')

describe('readingStats: the word count and read time the editor shows', () => {
  it('counts words across headings, paragraphs, list items, formatting and line breaks without gluing neighbours', () => {
    const body = doc(
      heading('A heading'),
      paragraph(text('Bold', 1), text(' and '), text('italic', 2), { type: 'linebreak', version: 1 }, text('after break.')),
      list('first item', 'second item'),
      paragraph(text('End.')),
    )
    // A(1) heading(2) Bold and italic(5) after break.(7) first item second item(11) End.(12)
    expect(readingStats(body).words).toBe(12)
  })

  it('keeps a quote apart from the list before it and the paragraph after it', () => {
    const body = doc(list('first item', 'last item.'), block('quote', {}, text('A quoted line.')), paragraph(text('After.')))
    const plain = postPlainText(body)
    expect(plain).toBe('first item\nlast item.\n\nA quoted line.\n\nAfter.')
    expect(readingStats(body).words).toBe(8)
    expect(derivedFromText(plain).excerpt).toBe('first item last item. A quoted line. After.')
  })

  it('reads words / 200 rounded up, at least one minute', () => {
    expect(readingStats(doc(paragraph(text('One'))))).toEqual({ words: 1, minutes: 1 })
    expect(readingStats(doc(paragraph(text(words(200)))))).toEqual({ words: 200, minutes: 1 })
    expect(readingStats(doc(paragraph(text(words(201)))))).toEqual({ words: 201, minutes: 2 })
    expect(readingStats(doc(paragraph(text(words(150))), paragraph(text(words(250)))))).toEqual({ words: 400, minutes: 2 })
  })

  it('is zero words and one minute for an empty or missing body', () => {
    expect(readingStats(null)).toEqual({ words: 0, minutes: 1 })
    expect(readingStats(doc())).toEqual({ words: 0, minutes: 1 })
    expect(readingStats(doc(paragraph()))).toEqual({ words: 0, minutes: 1 })
  })

  it('says it in one line', () => {
    expect(formatReadingStats({ words: 1, minutes: 1 })).toBe('1 word · 1 min read')
    expect(formatReadingStats({ words: 1234, minutes: 7 })).toBe('1,234 words · 7 min read')
  })
})
