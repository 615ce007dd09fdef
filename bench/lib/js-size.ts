import { gzipSync } from 'node:zlib'

/** The JS a page's HTML asks for: <script src>, island component/renderer URLs, modulepreload links. */
export function referencedScripts(html: string, pageUrl: string): string[] {
  const urls = new Set<string>()
  const add = (value: string | undefined) => {
    if (value) urls.add(new URL(decodeEntities(value), pageUrl).href)
  }
  for (const m of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["']/gi)) add(m[1])
  for (const m of html.matchAll(/<astro-island\b[^>]*>/gi)) {
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
  /** Gzipped bytes of the scripts named in the HTML. */
  referencedGzip: number
  /** Gzipped bytes including every module they statically import (what the browser downloads). */
  totalGzip: number
  inlineGzip: number
  files: { url: string; gzip: number }[]
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
  const direct = referencedScripts(html, pageUrl)
  const seen = new Set<string>()
  const queue = [...direct]
  const files: PageJs['files'] = []
  while (queue.length) {
    const url = queue.shift()!
    if (seen.has(url)) continue
    seen.add(url)
    const code = await fetchText(url)
    files.push({ url: new URL(url).pathname, gzip: gzipSize(code) })
    queue.push(...staticImports(code, url))
  }
  const directSet = new Set(direct.map((u) => new URL(u).pathname))
  return {
    referencedGzip: files.filter((f) => directSet.has(f.url)).reduce((sum, f) => sum + f.gzip, 0),
    totalGzip: files.reduce((sum, f) => sum + f.gzip, 0),
    inlineGzip: gzipSize(inlineScripts(html).join('\n')),
    files,
  }
}

function decodeEntities(s: string): string {
  return s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
}
