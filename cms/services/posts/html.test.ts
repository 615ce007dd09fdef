import { describe, expect, it } from 'vitest'

import { scanPostBody } from './body'
import { loadHighlighter } from './code-highlight'
import { postPlainText, renderPostHtml, wordCount, type LinkTargets } from './html'

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
const SAFE_ATTRIBUTES = ['href', 'rel', 'target', 'class', 'style', 'data-language']

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
    expect(html).toContain('<pre class="code-block" data-language="plaintext"><code>&lt;/code&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>')
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

const internalLink = (relationTo: string, value: unknown, label = 'see this') => ({
  type: 'link',
  children: [text(label)],
  fields: { linkType: 'internal', doc: { relationTo, value }, newTab: false },
  direction: null,
  format: '',
  indent: 0,
  version: 3,
})
const block = (fields: object) => ({ type: 'block', fields, format: '', version: 2 })
const targets = (over: Partial<LinkTargets> = {}): LinkTargets => ({ posts: new Map(), videos: new Map(), categories: new Set(), ...over })

describe('internal links', () => {
  const body = doc(
    paragraph(internalLink('posts', 7, 'post')),
    paragraph(internalLink('videos', { id: 3, title: 'populated' }, 'video')),
    paragraph(internalLink('categories', '2', 'topic')),
  )

  it('link to the current address of the post, video and category they name by id', () => {
    const html = renderPostHtml(body, {
      links: targets({ posts: new Map([['7', 'renamed-slug']]), videos: new Map([['3', 'dQw4w9WgXcQ']]), categories: new Set(['2']) }),
    })
    expect(html).toBe(
      '<p><a href="/post/renamed-slug">post</a></p><p><a href="/video/dQw4w9WgXcQ">video</a></p><p><a href="/blog?category=2">topic</a></p>',
    )
  })

  it('follow a renamed post: the slug comes from the lookup, never from the stored link', () => {
    const stale = doc(paragraph({ ...internalLink('posts', 7), fields: { linkType: 'internal', doc: { relationTo: 'posts', value: { id: 7, slug: 'old-slug' } } } }))
    expect(renderPostHtml(stale, { links: targets({ posts: new Map([['7', 'new-slug']]) }) })).toBe('<p><a href="/post/new-slug">see this</a></p>')
  })

  it('leave only the text when the reader may not see the target (a draft, a deleted post), and never "#"', () => {
    const html = renderPostHtml(body, { links: targets() })
    expect(html).toBe('<p>post</p><p>video</p><p>topic</p>')
    expect(renderPostHtml(body)).toBe('<p>post</p><p>video</p><p>topic</p>')
  })

  it('encode whatever a slug holds, and ignore collections the site has no page for', () => {
    const html = renderPostHtml(doc(paragraph(internalLink('posts', 1)), paragraph(internalLink('users', 1, 'member'))), {
      links: targets({ posts: new Map([['1', '"><script>']]) }),
    })
    expect(html).toBe('<p><a href="/post/%22%3E%3Cscript%3E">see this</a></p><p>member</p>')
  })

  it('are gathered by collection, once each, before rendering', () => {
    const scanned = scanPostBody(
      doc(paragraph(internalLink('posts', 7), internalLink('posts', 7), internalLink('posts', 8)), paragraph(internalLink('categories', 2)), block({ blockType: 'Code', code: 'x' })),
    )
    expect(scanned).toEqual({ linked: { posts: expect.arrayContaining(['7', '8']), videos: [], categories: ['2'] }, hasCode: true })
    expect(scanned.linked.posts).toHaveLength(2)
    expect(scanPostBody(doc(paragraph(link('https://example.org'))))).toEqual({ linked: { posts: [], videos: [], categories: [] }, hasCode: false })
  })
})

describe('code blocks', () => {
  // First in this file: the case shiki 4.6 sometimes got wrong right after loading (code-highlight.ts).
  it('end a line comment with its line, in both themes (the first highlight after loading)', async () => {
    const highlighter = await loadHighlighter()
    const html = renderPostHtml(doc(block({ blockType: 'Code', language: 'typescript', code: '// A comment\nexport function greet(name: string): string {\n  return `Hello, ${name}!`\n}' })), { highlighter })
    const comment = /--shiki-light:(#\w+);--shiki-dark:#\w+">\/\/ A comment</.exec(html)?.[1]
    const keyword = /--shiki-light:(#\w+);--shiki-dark:#\w+">export</.exec(html)?.[1]
    expect(comment).toBeDefined()
    expect(keyword).toBeDefined()
    expect(keyword).not.toBe(comment)
  }, 60_000) // loads the highlighter

  it('are highlighted on the server, with every token escaped', async () => {
    const highlighter = await loadHighlighter()
    const html = renderPostHtml(doc(block({ blockType: 'Code', language: 'typescript', code: 'const tag = "</code><script>alert(1)</script>"\nlet n = 1' })), { highlighter })
    expect(html).toMatch(/^<pre class="code-block shiki" data-language="typescript"><code><span class="line">/)
    expect(html).toContain('--shiki-light:#')
    expect(html).toContain('--shiki-dark:#')
    expect(html).not.toMatch(/<script|<\/code><script/i)
    expect(html).toContain('&lt;/code&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html.match(/<span class="line">/g)).toHaveLength(2)
    const { tags, attributes } = markup(html)
    expect(['pre', 'code', 'span']).toEqual(expect.arrayContaining(tags))
    expect(['class', 'style', 'data-language']).toEqual(expect.arrayContaining(attributes))
  })

  it('fall back to plain text for an unknown language, and take only the allowed languages as a label', async () => {
    const highlighter = await loadHighlighter()
    expect(renderPostHtml(doc(block({ blockType: 'Code', language: '"><script>', code: 'a < b' })), { highlighter })).toBe(
      '<pre class="code-block" data-language="plaintext"><code>a &lt; b</code></pre>',
    )
    expect(renderPostHtml(doc(block({ blockType: 'Code', language: 'ts', code: 'x' })), { highlighter })).toContain('data-language="typescript"')
  })
})

describe('YouTube blocks', () => {
  it('render a poster linking to the video, and no iframe', () => {
    const html = renderPostHtml(doc(block({ blockType: 'YouTube', url: 'https://youtu.be/dQw4w9WgXcQ', caption: 'A <b>talk</b>' })))
    expect(html).toContain('<a class="youtube-embed__poster" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" data-youtube-id="dQw4w9WgXcQ"')
    expect(html).toContain('<figcaption>A &lt;b&gt;talk&lt;/b&gt;</figcaption>')
    expect(html).not.toMatch(/<iframe|youtube-nocookie\.com\/embed|i\.ytimg/)
  })

  it('keep the link\'s start time, for the watch link and the player', () => {
    const html = renderPostHtml(doc(block({ blockType: 'YouTube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s' })))
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=42s" data-youtube-id="dQw4w9WgXcQ" data-start="42"')
  })

  it('render nothing for a URL that names no YouTube video', () => {
    for (const url of ['https://evil.example/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ" onclick="x', 'javascript:alert(1)', 42]) {
      expect(renderPostHtml(doc(block({ blockType: 'YouTube', url })))).toBe('')
    }
  })
})

describe('unknown nodes', () => {
  it('render an unknown block or a relationship as nothing but their children\'s text', () => {
    const html = renderPostHtml(
      doc(
        block({ blockType: 'Gallery', html: '<script>alert(1)</script>' }),
        { type: 'relationship', relationTo: 'posts', value: 1, format: '', version: 2 },
        paragraph(text('after')),
      ),
    )
    expect(html).toBe('<p>after</p>')
  })
})
