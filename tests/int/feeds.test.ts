import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { posts as postFixtures } from '../../cms/seed/fixtures/posts'
import { videos as videoFixtures } from '../../cms/seed/fixtures/videos'
import { ApiClient } from '../helpers/api-client'

const baseUrl = inject('baseUrl')
const admin = inject('admin')

// ── A small XML well-formedness check (no XML library in the project) ─────────────────────────

type XmlNode = { name: string; attrs: Record<string, string>; children: XmlNode[]; text: string }

const TAG = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*\s*=\s*"[^"<]*")*)\s*(\/?)>/y
const BAD_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/
const decode = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!)

/** Parses well-formed XML (elements, attributes, text, entities) or throws where it is not. */
function parseXml(xml: string): XmlNode {
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(xml)
  if (!declaration) throw new Error('missing XML declaration')
  const doc: XmlNode = { name: '#document', attrs: {}, children: [], text: '' }
  const stack = [doc]
  let i = declaration[0].length
  while (i < xml.length) {
    const lt = xml.indexOf('<', i)
    const text = xml.slice(i, lt < 0 ? xml.length : lt)
    if (BAD_AMPERSAND.test(text)) throw new Error(`unescaped & near ${i}: ${text.slice(0, 40)}`)
    const top = stack[stack.length - 1]!
    if (stack.length === 1 && text.trim()) throw new Error(`text outside the root element near ${i}`)
    top.text += decode(text)
    if (lt < 0) break
    TAG.lastIndex = lt
    const m = TAG.exec(xml)
    if (!m) throw new Error(`malformed tag near ${lt}: ${xml.slice(lt, lt + 40)}`)
    const [whole, closing, name, rawAttrs, selfClosing] = m
    if (closing) {
      if (rawAttrs || selfClosing) throw new Error(`malformed closing tag </${name}>`)
      const open = stack.pop()
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name}>`)
    } else {
      const attrs: Record<string, string> = {}
      for (const a of rawAttrs!.matchAll(/([A-Za-z_][\w:.-]*)\s*=\s*"([^"]*)"/g)) {
        if (a[1]! in attrs) throw new Error(`duplicate attribute ${a[1]}`)
        if (BAD_AMPERSAND.test(a[2]!)) throw new Error(`unescaped & in attribute ${a[1]}`)
        attrs[a[1]!] = decode(a[2]!)
      }
      const node: XmlNode = { name: name!, attrs, children: [], text: '' }
      if (stack.length === 1 && doc.children.length) throw new Error('more than one root element')
      top.children.push(node)
      if (!selfClosing) stack.push(node)
    }
    i = lt + whole.length
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]!.name}>`)
  if (doc.children.length !== 1) throw new Error('no root element')
  return doc.children[0]!
}

const all = (node: XmlNode, name: string): XmlNode[] => node.children.filter((c) => c.name === name)
const one = (node: XmlNode, name: string): XmlNode => {
  const found = all(node, name)
  if (found.length !== 1) throw new Error(`expected one <${name}> in <${node.name}>, found ${found.length}`)
  return found[0]!
}
const textOf = (node: XmlNode, name: string) => one(node, name).text

// ── Content with markup-like characters, created by the admin and removed afterwards ──────────

const TRICKY_POST_TITLE = `Q&A: "Rights" <Tenants> & You ${Date.now()}`
const TRICKY_VIDEO_TITLE = `Live Q&A <uncut> & unfiltered ${Date.now()}`
const lexical = (text: string) => ({
  root: {
    type: 'root', version: 1, direction: 'ltr', format: '', indent: 0,
    children: [{ type: 'paragraph', version: 1, direction: 'ltr', format: '', indent: 0, textFormat: 0, children: [{ type: 'text', version: 1, text, format: 0, detail: 0, mode: 'normal', style: '' }] }],
  },
})

const adminClient = new ApiClient(baseUrl)
const created: { posts: number[]; videos: number[] } = { posts: [], videos: [] }
let trickySlug = ''

beforeAll(async () => {
  expect((await adminClient.post('/api/auth/login', admin)).status).toBe(200)
  const post = await adminClient.post('/cms/api/posts', { title: TRICKY_POST_TITLE, content: lexical('Bring your questions & your neighbours.'), status: 'published', excerpt: 'Tenants < landlords? Not here & not now.' })
  expect(post.status, JSON.stringify(post.body)).toBe(201)
  created.posts.push(post.body.doc.id)
  trickySlug = post.body.doc.slug
  const video = await adminClient.post('/cms/api/videos', {
    videoId: `feedtest${Date.now().toString(36)}`.slice(0, 20), title: TRICKY_VIDEO_TITLE, description: 'Questions & answers <live>.',
    publishedAt: new Date().toISOString(), source: 'youtube', duration: 'PT2M5S', viewCount: 12,
  })
  expect(video.status, JSON.stringify(video.body)).toBe(201)
  created.videos.push(video.body.doc.id)
})

afterAll(async () => {
  for (const id of created.posts) await adminClient.request('DELETE', `/cms/api/posts/${id}`)
  for (const id of created.videos) await adminClient.request('DELETE', `/cms/api/videos/${id}`)
})

const published = postFixtures.filter((p) => p.status === 'published')
const drafts = postFixtures.filter((p) => p.status === 'draft')

describe('GET /sitemap.xml', () => {
  it('is a well-formed urlset of the listing pages, every published post and every video', async () => {
    const res = await fetch(`${baseUrl}/sitemap.xml`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/)
    const urlset = parseXml(await res.text())
    expect(urlset.name).toBe('urlset')
    expect(urlset.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    expect(urlset.attrs['xmlns:video']).toBe('http://www.google.com/schemas/sitemap-video/1.1')

    const entries = all(urlset, 'url').map((url) => ({ loc: textOf(url, 'loc'), node: url }))
    const locs = entries.map((e) => e.loc)
    for (const path of ['/', '/vlog', '/blog', '/categories']) expect(locs).toContain(`${baseUrl}${path}`)
    for (const post of published) expect(locs).toContain(`${baseUrl}/post/${post.slug}`)
    expect(locs).toContain(`${baseUrl}/post/${trickySlug}`)
    expect(locs.every((loc) => loc.startsWith(`${baseUrl}/`))).toBe(true)

    const post = entries.find((e) => e.loc === `${baseUrl}/post/${published[0]!.slug}`)!
    expect(new Date(textOf(post.node, 'lastmod')).getTime()).not.toBeNaN()
  })

  it('leaves drafts out', async () => {
    const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text()
    expect(drafts.length).toBeGreaterThan(0)
    for (const draft of drafts) expect(xml).not.toContain(`/post/${draft.slug}<`)
  })

  it('describes every video with a <video:video> entry', async () => {
    const urlset = parseXml(await (await fetch(`${baseUrl}/sitemap.xml`)).text())
    const videoUrls = all(urlset, 'url').filter((u) => textOf(u, 'loc').startsWith(`${baseUrl}/video/`))
    expect(videoUrls).toHaveLength(await apiTotal('/api/videos?limit=1'))
    expect(videoUrls.length).toBeGreaterThanOrEqual(videoFixtures.length + created.videos.length)

    const byId = new Map(videoUrls.map((u) => [decodeURIComponent(textOf(u, 'loc').split('/video/')[1]!), one(u, 'video:video')]))
    const townHall = byId.get('CsBlIZ1NAIR')!
    expect(textOf(townHall, 'video:title')).toBe('Community Town Hall: Safety, Trust and What Comes Next')
    expect(textOf(townHall, 'video:thumbnail_loc')).toMatch(/^https?:\/\//)
    expect(textOf(townHall, 'video:description').length).toBeGreaterThan(0)
    expect(textOf(townHall, 'video:player_loc')).toBe('https://www.youtube.com/embed/CsBlIZ1NAIR')
    expect(textOf(townHall, 'video:duration')).toBe(String(3600 + 12 * 60 + 40))
    // Other test files may count views on it; the sitemap carries the live count.
    const live = (await (await fetch(`${baseUrl}/api/videos/CsBlIZ1NAIR`)).json()).viewCount
    expect(Number(textOf(townHall, 'video:view_count'))).toBe(live)
    expect(live).toBeGreaterThanOrEqual(4820)
    expect(new Date(textOf(townHall, 'video:publication_date')).getTime()).not.toBeNaN()

    // A premium upload's file is not public: its player is its own page, marked as subscription-only.
    const premiumUpload = videoFixtures.find((v) => v.source === 'manual' && v.isPremium)!
    const premium = byId.get(premiumUpload.videoId)!
    expect(textOf(premium, 'video:player_loc')).toBe(`${baseUrl}/video/${premiumUpload.videoId}`)
    expect(textOf(premium, 'video:thumbnail_loc').startsWith(`${baseUrl}/`)).toBe(true)
    expect(textOf(premium, 'video:requires_subscription')).toBe('yes')
    expect(all(premium, 'video:content_loc')).toHaveLength(0)
  })
})

describe('GET /robots.txt', () => {
  it('allows all, keeps crawlers out of private areas and names the sitemap', async () => {
    const res = await fetch(`${baseUrl}/robots.txt`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    const lines = (await res.text()).split('\n')
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Allow: /')
    for (const path of ['/cms', '/api', '/admin', '/bookmarks']) expect(lines).toContain(`Disallow: ${path}`)
    expect(lines).toContain(`Sitemap: ${baseUrl}/sitemap.xml`)
  })
})

const apiTotal = async (path: string): Promise<number> => (await (await fetch(baseUrl + path)).json()).totalDocs

describe.each([
  // Totals come from the API: other test files add posts and videos to the same database.
  { path: '/rss.xml', tricky: TRICKY_POST_TITLE, linkPrefix: '/post/', total: () => apiTotal('/api/blog-posts?limit=1&status=published') },
  { path: '/videos/rss.xml', tricky: TRICKY_VIDEO_TITLE, linkPrefix: '/video/', total: () => apiTotal('/api/videos?limit=1') },
])('GET $path', ({ path, tricky, linkPrefix, total }) => {
  it('is well-formed RSS 2.0 with a self link and the latest (at most 20) items, newest first', async () => {
    const res = await fetch(baseUrl + path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/rss\+xml/)
    const rss = parseXml(await res.text())
    expect(rss.name).toBe('rss')
    expect(rss.attrs.version).toBe('2.0')
    const channel = one(rss, 'channel')
    expect(textOf(channel, 'title').length).toBeGreaterThan(0)
    expect(one(channel, 'atom:link').attrs).toMatchObject({ href: baseUrl + path, rel: 'self', type: 'application/rss+xml' })

    const items = all(channel, 'item')
    expect(items).toHaveLength(Math.min(20, await total()))
    for (const item of items) {
      expect(textOf(item, 'link').startsWith(baseUrl + linkPrefix)).toBe(true)
      expect(new Date(textOf(item, 'pubDate')).getTime()).not.toBeNaN()
    }
    const dates = items.map((item) => new Date(textOf(item, 'pubDate')).getTime())
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
  })

  it('escapes & and < in titles and descriptions', async () => {
    const xml = await (await fetch(baseUrl + path)).text()
    const first = all(one(parseXml(xml), 'channel'), 'item')[0]!
    expect(textOf(first, 'title')).toBe(tricky)
    expect(xml).toContain(tricky.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'))
    expect(textOf(first, 'description')).toMatch(/&.*<|<.*&/)
  })
})

describe('feeds are public documents', () => {
  it('an admin gets the same sitemap as a visitor (no drafts)', async () => {
    const res = await adminClient.get('/sitemap.xml')
    expect(res.status).toBe(200)
    for (const draft of drafts) expect(res.body).not.toContain(`/post/${draft.slug}<`)
  })
})
