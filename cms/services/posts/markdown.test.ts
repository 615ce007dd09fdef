// The markdown conversion with the posts' real editor config (payload.config.ts, no database):
// each correction of markdown-transformers.ts, markdown.ts and cms/editor.ts, one body at a time.
// The whole round trip through the server: tests/int/admin-post-roundtrip.test.ts.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { normalizeBody, sameBody } from './lexical-shape'
import { lexicalToMarkdown, markdownKeepsBody, markdownToLexical, type LexicalContent } from './markdown'

let payload: Payload

beforeAll(async () => {
  const config = await (await import('../../../payload.config')).default
  // What markdown.ts reads of Payload: the posts collection's sanitised config.
  payload = { collections: { posts: { config: config.collections.find((c) => c.slug === 'posts') } } } as unknown as Payload
}, 60_000)

const text = (t: string, format = 0) => ({ detail: 0, format, mode: 'normal', style: '', text: t, type: 'text', version: 1 })
const br = { type: 'linebreak', version: 1 }
const element = (type: string, children: object[], extra: object = {}) => ({ children, direction: 'ltr', format: '', indent: 0, type, version: 1, ...extra })
const paragraph = (...children: object[]) => element('paragraph', children, { textFormat: 0, textStyle: '' })
const item = (children: object[]) => element('listitem', children, { value: 1 })
const list = (listType: string, items: object[]) => element('list', items, { listType, start: 1, tag: listType === 'number' ? 'ol' : 'ul' })
const block = (fields: object) => ({ type: 'block', version: 2, format: '', fields: { id: 'x', blockName: '', ...fields } })
const doc = (...children: object[]) => ({ root: element('root', children) }) as unknown as LexicalContent

/** Lexical → markdown → Lexical: the markdown, and whether the body came back the same. */
async function roundTrip(body: LexicalContent) {
  const markdown = await lexicalToMarkdown(payload, body)
  const back = await markdownToLexical(payload, markdown)
  expect(normalizeBody(back)).toEqual(normalizeBody(body))
  return { markdown, same: sameBody(back, body) }
}

const markdownOf = async (markdown: string) => lexicalToMarkdown(payload, await markdownToLexical(payload, markdown))

describe('Lexical → markdown → Lexical keeps', () => {
  it('bold italic text (***both***)', async () => {
    expect(await roundTrip(doc(paragraph(text('a '), text('both', 3), text(' b'))))).toEqual({ markdown: 'a ***both*** b', same: true })
  })

  it('line breaks in a paragraph and in a quote', async () => {
    expect((await roundTrip(doc(paragraph(text('one'), br, text('two'))))).markdown).toBe('one\ntwo')
    expect((await roundTrip(doc(element('quote', [text('one'), br, br, text('two')])))).markdown).toBe('> one\n>\n> two')
  })

  it('a numbered list nested under a bullet', async () => {
    const body = doc(list('bullet', [item([text('a')]), item([list('number', [element('listitem', [text('n')], { value: 1, indent: 1 })])]), item([text('b')])]))
    expect((await roundTrip(body)).markdown).toBe('- a\n    1. n\n- b')
  })

  it('an empty paragraph, as a line of <br>', async () => {
    expect((await roundTrip(doc(paragraph(text('a')), paragraph(), paragraph(text('b'))))).markdown).toBe('a\n\n<br>\n\nb')
  })

  it('an image, as a reference to its media document, populated or not', async () => {
    const upload = (value: unknown) => ({ type: 'upload', version: 3, format: '', id: 'u', fields: null, relationTo: 'media', value })
    expect((await roundTrip(doc(upload(12)))).markdown).toBe('![media:12]()')
    const populated = doc(upload({ id: 12, url: '/media/a.png', alt: 'A', mimeType: 'image/png' }))
    expect(await lexicalToMarkdown(payload, populated)).toBe('![media:12]()')
  })

  it('a one-line code block without a language, and a YouTube caption with quotes and ampersands', async () => {
    expect((await roundTrip(doc(block({ blockType: 'Code', language: 'plaintext', code: 'x = 1' })))).markdown).toBe('```plaintext\nx = 1\n```')
    const video = block({ blockType: 'YouTube', url: 'https://youtu.be/dQw4w9WgXcQ', caption: 'Say "hi" & &quot;bye&quot;' })
    expect((await roundTrip(doc(video))).same).toBe(true)
  })
})

describe('markdown as the /admin editor writes it', () => {
  it('a fence without a language is a code block holding just the code', async () => {
    expect(await markdownOf('```\nno language\n```')).toBe('```plaintext\nno language\n```')
  })

  it('nested lists indented with two or three spaces stay nested', async () => {
    expect(await markdownOf('- a\n  - b\n\n1. x\n   1. y')).toBe('- a\n    - b\n\n1. x\n    1. y')
  })

  it('a new line in a paragraph is a line break, a blank line a new paragraph', async () => {
    expect(await markdownOf('one\ntwo\n\nthree')).toBe('one\ntwo\n\nthree')
  })
})

describe('markdownKeepsBody', () => {
  it('is false for what markdown has no form for', async () => {
    const internal = { ...element('link', [text('x')]), version: 3, fields: { linkType: 'internal', newTab: false, doc: { relationTo: 'posts', value: 1 } } }
    expect(await markdownKeepsBody(payload, doc(paragraph(internal)))).toBe(false)
    expect(await markdownKeepsBody(payload, doc(paragraph(text('u', 8))))).toBe(false)
    expect(await markdownKeepsBody(payload, doc({ ...paragraph(text('c')), format: 'center' }))).toBe(false)
    expect(await markdownKeepsBody(payload, doc(paragraph(text('plain'))))).toBe(true)
    expect(await markdownKeepsBody(payload, null)).toBe(true)
  })
})
