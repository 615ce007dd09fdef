import { describe, expect, it } from 'vitest'

import { postPlainText, renderPostHtml, wordCount } from './html'

const text = (t: string, format = 0) => ({ type: 'text', text: t, format, detail: 0, mode: 'normal', style: '', version: 1 })
const paragraph = (...children: object[]) => ({ type: 'paragraph', children, direction: null, format: '', indent: 0, version: 1 })
const doc = (...children: object[]) => ({ root: { type: 'root', children, direction: null, format: '', indent: 0, version: 1 } }) as never
const link = (url: string, extra: object = {}) => ({
  type: 'link',
  children: [text('click')],
  fields: { url, linkType: 'custom', newTab: false, ...extra },
  direction: null,
  format: '',
  indent: 0,
  version: 3,
})

/** Every tag name and attribute name in `html` (attribute values are always double-quoted and escaped). */
function markup(html: string) {
  const tags = new Set<string>()
  const attributes = new Set<string>()
  for (const [, name, attrs] of html.matchAll(/<([a-z][a-z0-9]*)([^>]*)>/gi)) {
    tags.add(name!.toLowerCase())
    for (const [, attr] of attrs!.replace(/="[^"]*"/g, '').matchAll(/\s([^\s/=]+)/g)) attributes.add(attr!.toLowerCase())
  }
  return { tags: [...tags], attributes: [...attributes] }
}

const SAFE_TAGS = ['p', 'br', 'strong', 'em', 'code', 'pre', 'a', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'hr', 'span', 'sub', 'sup']
const SAFE_ATTRIBUTES = ['href', 'rel', 'target', 'class', 'style']

describe('renderPostHtml', () => {
  it('renders headings, bold, italics, code, links and lists', () => {
    const html = renderPostHtml(
      doc(
        { type: 'heading', tag: 'h1', children: [text('Top')], direction: null, format: '', indent: 0, version: 1 },
        { type: 'heading', tag: 'h3', children: [text('Sub')], direction: null, format: '', indent: 0, version: 1 },
        paragraph(text('b', 1), text('i', 2), text('c', 16), link('https://example.org/a?b=1&c=2')),
        {
          type: 'list',
          tag: 'ol',
          listType: 'number',
          start: 1,
          children: [{ type: 'listitem', value: 1, children: [text('one')], direction: null, format: '', indent: 0, version: 1 }],
          direction: null,
          format: '',
          indent: 0,
          version: 1,
        },
      ),
    )
    expect(html).toBe(
      '<h2>Top</h2><h3>Sub</h3>' +
        '<p><strong>b</strong><em>i</em><code>c</code><a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">click</a></p>' +
        '<ol class="list-number"><li>one</li></ol>',
    )
  })

  it('escapes text and never lets a dangerous URL, tag or attribute through, whatever JSON is stored', () => {
    const html = renderPostHtml(
      doc(
        paragraph(text('<script>alert(1)</script><img src=x onerror=alert(1)>')),
        paragraph(link('javascript:alert(1)'), link(' JaVaScRiPt:alert(1)'), link('java\tscript:alert(1)'), link('data:text/html,<script>alert(1)</script>')),
        paragraph(link('https://ok.example/" onmouseover="alert(1)')),
        paragraph({ ...link('https://ok.example'), fields: { url: 'https://ok.example', newTab: '" onclick="x' } }),
        { type: 'heading', tag: 'script', children: [text('x')], direction: null, format: '', indent: 0, version: 1 },
        { type: 'list', tag: 'script', listType: '"><script>', children: [], direction: null, format: '', indent: 0, version: 1 },
        { type: 'paragraph', format: '"><script>alert(1)</script>', indent: '"><b>', children: [text('styled')], direction: null, version: 1 },
        { type: 'block', fields: { blockType: 'Code', code: '</code><script>alert(1)</script>' }, version: 1 },
        { type: 'block', fields: { blockType: 'Evil', html: '<script>alert(1)</script>' }, version: 1 },
        { type: 'table', children: [{ type: 'tablerow', children: [{ type: 'tablecell', colSpan: '2 onclick=alert(1)', children: [paragraph(text('cell'))] }] }] },
        { type: 'iframe', url: 'https://evil.example' },
      ),
    )
    const { tags, attributes } = markup(html)
    expect(SAFE_TAGS).toEqual(expect.arrayContaining(tags))
    expect(SAFE_ATTRIBUTES).toEqual(expect.arrayContaining(attributes))
    expect(html).not.toMatch(/href="\s*(javascript|data):/i)
    // A quote in a URL stays inside the attribute value.
    expect(html).toContain('href="https://ok.example/&quot; onmouseover=&quot;alert(1)"')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;')
    expect(html).toContain('<pre><code>&lt;/code&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>')
    expect(html).toContain('cell')
    expect((html.match(/href="#"/g) ?? []).length).toBe(4)
  })

  it('is empty for no content', () => {
    expect(renderPostHtml(null)).toBe('')
    expect(renderPostHtml(doc())).toBe('')
  })
})

describe('postPlainText and wordCount', () => {
  it('counts the words of the body', () => {
    const plain = postPlainText(doc(paragraph(text('Five words are right here')), paragraph(text('and two'))))
    expect(wordCount(plain)).toBe(7)
    expect(wordCount('')).toBe(0)
  })
})
