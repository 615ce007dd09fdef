import { gzipSync } from 'node:zlib'

/**
 * Islands whose code is fetched only when the reader interacts with them (site/directives):
 * `client:interaction` (first pointer, touch or focus) and `client:toast` (the first toast).
 * `client:visible` counts as on-load: the island may be in view from the start.
 */
export const DEFERRED_DIRECTIVES: readonly string[] = ['interaction', 'toast', 'award', 'count']

/**
 * The JS a page's HTML asks for: <script src>, island component/renderer URLs, modulepreload links.
 * `phase: 'load'` leaves out the islands that wait for an interaction; 'interaction' includes them.
 */
export function referencedScripts(html: string, pageUrl: string, phase: 'load' | 'interaction' = 'interaction'): string[] {
  const urls = new Set<string>()
  const add = (value: string | undefined) => {
    if (value) urls.add(new URL(decodeEntities(value), pageUrl).href)
  }
  for (const m of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["']/gi)) add(m[1])
  for (const m of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    const directive = /\bclient=["']([^"']+)["']/i.exec(m[0])?.[1] ?? ''
    if (phase === 'load' && DEFERRED_DIRECTIVES.includes(directive)) continue
    add(/\bcomponent-url=["']([^"']+)["']/i.exec(m[0])?.[1])
    add(/\brenderer-url=["']([^"']+)["']/i.exec(m[0])?.[1])
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\brel=["']modulepreload["']/i.test(m[0])) add(/\bhref=["']([^"']+)["']/i.exec(m[0])?.[1])
  }
  return [...urls]
}

/** Inline <script> bodies (theme boot, island loader…), excluding JSON-LD and other data blocks. */
export function inlineScripts(html: string): string[] {
  const bodies: string[] = []
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? ''
    if (/\bsrc=/i.test(attrs)) continue
    const type = /\btype=["']([^"']+)["']/i.exec(attrs)?.[1]
    if (type && type !== 'module' && type !== 'text/javascript') continue
    if (m[2]?.trim()) bodies.push(m[2])
  }
  return bodies
}

/** Static imports of an ES module (`import … from "x"`, `import "x"`, `export … from "x"`). */
export function staticImports(code: string, moduleUrl: string): string[] {
  const found = new Set<string>()
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.m?js)["']/g)) {
    if (m[1]) found.add(new URL(m[1], moduleUrl).href)
  }
  return [...found]
}

export const gzipSize = (text: string | Buffer) => gzipSync(text).length

export type PageJs = {
  /** Gzipped bytes of the scripts named in the HTML for page load. */
  referencedGzip: number
  /**
   * Gzipped bytes the browser downloads on page load, before any interaction: the scripts named in
   * the HTML and every module they statically import.
   */
  totalGzip: number
  /** The same once every island that waits for an interaction has been woken too. */
  afterInteractionGzip: number
  inlineGzip: number
  /** Every file of the page (load and interaction); `onLoad` tells which the load fetches. */
  files: { url: string; gzip: number; onLoad: boolean }[]
}

/** Sums a page's JS (each file fetched once per page, deduplicated; a cache shared across pages). */
export async function measurePageJs(html: string, pageUrl: string, cache: Map<string, string>): Promise<PageJs> {
  const fetchText = async (url: string) => {
    let text = cache.get(url)
    if (text === undefined) {
      const res = await fetch(url)
      if (!res.ok) throw new Error(`${url}: ${res.status}`)
      text = await res.text()
      cache.set(url, text)
    }
    return text
  }
  /** The named scripts and everything they import, each file once. */
  const closure = async (direct: string[]) => {
    const seen = new Set<string>()
    const queue = [...direct]
    const files: { url: string; gzip: number }[] = []
    while (queue.length) {
      const url = queue.shift()!
      if (seen.has(url)) continue
      seen.add(url)
      const code = await fetchText(url)
      files.push({ url: new URL(url).pathname, gzip: gzipSize(code) })
      queue.push(...staticImports(code, url))
    }
    return files
  }
  const sum = (files: { gzip: number }[]) => files.reduce((total, f) => total + f.gzip, 0)
  const direct = referencedScripts(html, pageUrl, 'load')
  const onLoad = await closure(direct)
  const all = await closure(referencedScripts(html, pageUrl, 'interaction'))
  const loadSet = new Set(onLoad.map((f) => f.url))
  const directSet = new Set(direct.map((u) => new URL(u).pathname))
  return {
    referencedGzip: sum(onLoad.filter((f) => directSet.has(f.url))),
    totalGzip: sum(onLoad),
    afterInteractionGzip: sum(all),
    inlineGzip: gzipSize(inlineScripts(html).join('\n')),
    files: all.map((f) => ({ ...f, onLoad: loadSet.has(f.url) })),
  }
}

function decodeEntities(s: string): string {
  return s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
}
