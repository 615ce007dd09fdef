import http from 'node:http'

import { beforeAll, describe, expect, inject, it } from 'vitest'

import { uniqueIp } from '../helpers/api-client'

/**
 * Absolute URLs on pages come from SERVER_URL, never from the request: a request with a forged
 * Host (or X-Forwarded-Host) cannot put another origin into the page the visitors' cache keeps
 * and hands to everyone, and a Host that is no host at all is a 400, not a 500.
 */

const baseUrl = inject('baseUrl')
const origin = new URL(baseUrl).origin
const port = new URL(baseUrl).port

function send(path: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path, headers: { 'x-forwarded-for': uniqueIp(), ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** Every absolute http(s) URL in a page's head links, social tags and structured data. */
function absoluteUrls(html: string): string[] {
  const found = [...html.matchAll(/<(?:link|meta)\b[^>]*(?:href|content)="(https?:\/\/[^"]+)"/g)].map((m) => m[1]!)
  for (const script of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
    found.push(...[...script[1]!.matchAll(/"(https?:\/\/[^"]+)"/g)].map((m) => m[1]!))
  }
  return found
}
const tag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]

let pages: string[] = []
beforeAll(async () => {
  const posts = (await (await fetch(`${baseUrl}/api/blog-posts?limit=1&status=published`)).json()) as { posts: { slug: string }[] }
  const videos = (await (await fetch(`${baseUrl}/api/videos?limit=1`)).json()) as { videos: { videoId: string }[] }
  pages = ['/', `/post/${posts.posts[0]!.slug}`, `/video/${videos.videos[0]!.videoId}`, '/blog', '/vlog']
})

const FEEDS = ['/rss.xml', '/videos/rss.xml', '/sitemap.xml', '/robots.txt']

describe('forged Host headers', () => {
  it('a Host that is no host (x@evil.example) is refused with a 400, never a 500', async () => {
    for (const path of [...pages, ...FEEDS, '/api/videos?limit=1', '/cms/login']) {
      const answer = await send(path, { host: 'x@evil.example' })
      expect(answer.status, path).toBe(400)
    }
  })

  it('Host: evil.example and X-Forwarded-Host put nothing of theirs into the pages everyone is served next', async () => {
    for (const path of [...pages, ...FEEDS]) {
      // The forged requests come first: the visitors' cache keeps what they rendered (10 s here).
      const forgeries: Record<string, string>[] = [
        { host: 'evil.example' },
        { host: `localhost:${port}`, 'x-forwarded-host': 'evil.example' },
        { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      ]
      for (const headers of forgeries) {
        const forged = await send(path, headers)
        expect(forged.status, `${path} ${JSON.stringify(headers)}`).toBeLessThan(500)
        expect(forged.text, path).not.toContain('evil.example')
      }
      const res = await fetch(`${baseUrl}${path}`)
      expect(res.status, path).toBe(200)
      const text = await res.text()
      expect(text, path).not.toContain('evil.example')
      if (!FEEDS.includes(path)) {
        const urls = absoluteUrls(text)
        expect(urls.length, path).toBeGreaterThan(0)
        for (const url of urls) if (!/youtube|ytimg|schema\.org/.test(url)) expect(new URL(url).origin, `${path}: ${url}`).toBe(origin)
      }
    }
  })

  it('the home page’s canonical and og:image agree with the post and video canonicals on one origin', async () => {
    const origins = new Set<string>()
    for (const path of pages.slice(0, 3)) {
      const html = await (await fetch(`${baseUrl}${path}`)).text()
      const canonical = tag(html, /<link rel="canonical" href="([^"]+)"/)
      const ogUrl = tag(html, /<meta property="og:url" content="([^"]+)"/)
      expect(canonical, path).toBeDefined()
      expect(ogUrl, path).toBe(canonical)
      origins.add(new URL(canonical!).origin)
      if (path === '/') {
        const image = tag(html, /<meta property="og:image" content="([^"]+)"/)
        if (image && !/ytimg|youtube/.test(image)) origins.add(new URL(image).origin)
      }
    }
    expect([...origins]).toEqual([origin])
  })
})
