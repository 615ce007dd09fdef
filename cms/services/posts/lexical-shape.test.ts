import { describe, expect, it } from 'vitest'

import { BLANK_PARAGRAPH_MARKER, normalizeBody, prepareForMarkdown, restoreFromMarkdown, sameBody } from './lexical-shape'

const text = (t: string, format = 0) => ({ type: 'text', text: t, format, detail: 0, mode: 'normal', style: '', version: 1 })
const el = (type: string, children: object[], extra: object = {}) => ({ type, children, direction: 'ltr', format: '', indent: 0, version: 1, ...extra })
const paragraph = (...children: object[]) => el('paragraph', children, { textFormat: 0, textStyle: '' })
const doc = (...children: object[]) => ({ root: el('root', children) })
const link = (url: string, fields: object = {}, extra: object = {}) => ({ ...el('link', [text('here')]), version: 3, id: 'abc', fields: { linkType: 'custom', newTab: false, url, ...fields }, ...extra })

describe('prepareForMarkdown / restoreFromMarkdown', () => {
  it('an upload populated with its media document goes back to its id; nothing else changes', () => {
    const upload = { type: 'upload', version: 3, format: '', id: 'x1', fields: null, relationTo: 'media', value: { id: 7, url: '/media/a.png' } }
    const body = doc(paragraph(text('a')), upload)
    const prepared = prepareForMarkdown(body)
    expect(prepared.root.children[1]).toEqual({ ...upload, value: 7 })
    expect(prepared.root.children[0]).toEqual(body.root.children[0])
    expect(body.root.children[1]).toBe(upload) // the input is not modified
  })

  it('an empty paragraph travels as the marker and comes back empty', () => {
    const prepared = prepareForMarkdown(doc(paragraph(), paragraph(text('b'))))
    expect((prepared.root.children[0] as { children: unknown }).children).toEqual([expect.objectContaining({ text: BLANK_PARAGRAPH_MARKER })])
    expect(restoreFromMarkdown(prepared)).toEqual(doc(paragraph(), paragraph(text('b'))))
  })

  it('only a paragraph holding just the unformatted marker is restored', () => {
    const kept = doc(paragraph(text(BLANK_PARAGRAPH_MARKER), text(' after')), paragraph(text(BLANK_PARAGRAPH_MARKER, 16)))
    expect(restoreFromMarkdown(kept)).toEqual(kept)
  })
})

describe('sameBody: equal for what a reader sees', () => {
  it('ignores versions, directions, ids, the paragraph text format, list values and tags', () => {
    const a = doc(paragraph(text('x')), el('list', [el('listitem', [text('i')], { value: 1 })], { listType: 'bullet', start: 1, tag: 'ul' }))
    const b = doc(
      { ...paragraph(text('x')), direction: null, version: 2, textFormat: 1 },
      el('list', [el('listitem', [text('i')], { value: 5 })], { listType: 'bullet', start: 1, tag: 'ol', direction: null }),
    )
    expect(sameBody(a, b)).toBe(true)
  })

  it('joins runs of the same look, and bold or italic on a space does not count', () => {
    const a = doc(paragraph(text('bold ', 1), text('after')))
    const b = doc(paragraph(text('bo', 1), text('ld', 1), text(' after')))
    expect(sameBody(a, b)).toBe(true)
    expect(sameBody(doc(paragraph(text('a b', 1))), doc(paragraph(text('a', 1), text(' '), text('b', 1))))).toBe(true)
  })

  it('counts text, formats, headings, nesting, alignment and indentation', () => {
    const base = doc(paragraph(text('a b')))
    expect(sameBody(base, doc(paragraph(text('a  b'))))).toBe(false)
    expect(sameBody(base, doc(paragraph(text('a b', 1))))).toBe(false)
    expect(sameBody(base, doc(paragraph(text('a', 1), text(' b'))))).toBe(false)
    expect(sameBody(doc(paragraph(text('a ', 16))), doc(paragraph(text('a', 16), text(' '))))).toBe(false) // spaces in code show
    expect(sameBody(base, doc(el('heading', [text('a b')], { tag: 'h2' })))).toBe(false)
    expect(sameBody(doc(el('heading', [text('a')], { tag: 'h2' })), doc(el('heading', [text('a')], { tag: 'h3' })))).toBe(false)
    expect(sameBody(base, doc({ ...paragraph(text('a b')), format: 'center' }))).toBe(false)
    expect(sameBody(base, doc({ ...paragraph(text('a b')), indent: 1 }))).toBe(false)
    expect(sameBody(base, doc(paragraph(text('a b')), paragraph()))).toBe(false)
  })

  it('links: the same address and kind; newTab false is no newTab; a new tab or an internal target counts', () => {
    const a = doc(paragraph(link('https://x.org')))
    expect(sameBody(a, doc(paragraph(link('https://x.org', { newTab: undefined }, { id: 'other' }))))).toBe(true)
    expect(sameBody(a, doc(paragraph(link('https://x.org/other'))))).toBe(false)
    expect(sameBody(a, doc(paragraph(link('https://x.org', { newTab: true }))))).toBe(false)
    expect(sameBody(a, doc(paragraph(link('', { linkType: 'internal', doc: { relationTo: 'posts', value: 3 } }))))).toBe(false)
  })

  it('an autolink is a link to its own text', () => {
    const auto = { ...el('autolink', [text('https://x.org')]), fields: { linkType: 'custom', url: 'https://x.org' } }
    const plain = { ...link('https://x.org'), children: [text('https://x.org')] }
    expect(sameBody(doc(paragraph(auto)), doc(paragraph(plain)))).toBe(true)
  })

  it('blocks: block ids and empty names do not count, code languages compare as highlighted, the code does', () => {
    const code = (fields: object) => ({ type: 'block', version: 2, format: '', fields: { id: 'r1', blockName: '', blockType: 'Code', code: 'x', ...fields } })
    expect(sameBody(doc(code({ language: 'ts' })), doc({ ...code({ language: 'typescript' }), fields: { blockType: 'Code', code: 'x', language: 'typescript', id: 'r2' } }))).toBe(true)
    expect(sameBody(doc(code({})), doc(code({ language: 'plaintext' })))).toBe(true)
    expect(sameBody(doc(code({ language: 'ts' })), doc(code({ language: 'python' })))).toBe(false)
    expect(sameBody(doc(code({ code: 'x' })), doc(code({ code: 'x ' })))).toBe(false)
  })

  it('uploads: the media id counts, a populated value and empty fields do not', () => {
    const upload = (value: unknown, fields: unknown) => ({ type: 'upload', version: 3, format: '', id: 'u', relationTo: 'media', value, fields })
    expect(sameBody(doc(upload({ id: 7, url: '/x' }, null)), doc(upload(7, {})))).toBe(true)
    expect(sameBody(doc(upload(7, null)), doc(upload(8, null)))).toBe(false)
  })

  it('the order of keys does not count, at any depth', () => {
    const a = doc(paragraph({ ...link('', { linkType: 'internal', doc: { relationTo: 'posts', value: 3 } }) }))
    const b = doc(paragraph({ ...link('', { linkType: 'internal', doc: { value: 3, relationTo: 'posts' } }) }))
    expect(sameBody(a, b)).toBe(true)
  })

  it('a tab node is a tab character; no body is null', () => {
    const tab = { type: 'tab', text: '\t', detail: 2, format: 0, mode: 'normal', style: '', version: 1 }
    expect(sameBody(doc(paragraph(text('a'), tab, text('b'))), doc(paragraph(text('a\tb'))))).toBe(true)
    expect(normalizeBody(null)).toBeNull()
  })
})
