import { createHash } from 'node:crypto'

import type { Request, Response } from 'express'
import { describe, expect, it } from 'vitest'

import { EARLY_CLICK_SCRIPT, INLINE_SCRIPTS, MEMBER_SCRIPT, SCROLL_TOP_SCRIPT, THEME_BOOT_SCRIPT, THUMBNAIL_FALLBACK_SCRIPT } from '../site/layouts/inline-scripts'
import { ASTRO_CSP, INLINE_SCRIPT_HASHES, paypalCspSources, scriptHash, SITE_CSP } from './content-security-policy'
import { securityHeaders } from './security-headers'

/** directive name → its sources */
function parse(policy: string) {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  )
}

const sha256 = (text: string) => `sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}`

/** The CSP a request to `path` is answered with. */
function cspFor(path: string) {
  const headers = new Map<string, string>()
  const res = { setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value) } as unknown as Response
  securityHeaders({ path } as Request, res, () => {})
  return headers.get('content-security-policy') ?? ''
}

describe('the site CSP', () => {
  const scriptSrc = parse(SITE_CSP).get('script-src') ?? []

  it('allows no inline script or eval in general', () => {
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    expect(scriptSrc).not.toContain("'unsafe-eval'")
    expect(scriptSrc).not.toContain("'unsafe-hashes'")
    expect(parse(SITE_CSP).has('script-src-attr')).toBe(false)
  })

  it("allows each of BaseLayout's inline scripts by its sha256", () => {
    expect(INLINE_SCRIPTS).toEqual([THEME_BOOT_SCRIPT, THUMBNAIL_FALLBACK_SCRIPT, EARLY_CLICK_SCRIPT, SCROLL_TOP_SCRIPT, MEMBER_SCRIPT])
    for (const script of INLINE_SCRIPTS) {
      expect(scriptHash(script)).toBe(sha256(script))
      expect(scriptSrc).toContain(`'${sha256(script)}'`)
    }
  })

  it('keeps the sources the pages load from', () => {
    expect(scriptSrc).toEqual(expect.arrayContaining(["'self'", 'https://www.youtube.com', 'https://www.paypal.com', 'https://*.paypal.com']))
    const policy = parse(SITE_CSP)
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(policy.get('img-src')).toContain('https://i.ytimg.com')
    // Styles are out of scope: inline style attributes (React, Radix) stay allowed.
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
  })

  it("frames the live players /live embeds: YouTube Live and StreamYard, and nothing else new", () => {
    const frames = parse(SITE_CSP).get('frame-src') ?? []
    expect(frames).toEqual(expect.arrayContaining(['https://www.youtube.com', 'https://streamyard.com']))
    expect(frames).not.toContain('*')
    expect(frames).not.toContain('https:')
  })

  it("gives Astro the same policy, so the pages' header (Astro's) matches the other responses'", () => {
    expect(ASTRO_CSP.scriptDirective.hashes).toEqual(INLINE_SCRIPT_HASHES)
    expect(ASTRO_CSP.scriptDirective.resources).not.toContain("'unsafe-inline'")
    expect(ASTRO_CSP.scriptDirective.resources).not.toContain("'unsafe-eval'")
    const astro = [
      ...ASTRO_CSP.directives,
      `script-src ${[...ASTRO_CSP.scriptDirective.resources, ...ASTRO_CSP.scriptDirective.hashes.map((h) => `'${h}'`)].join(' ')}`,
      `style-src ${ASTRO_CSP.styleDirective.resources.join(' ')}`,
    ].join('; ')
    expect(parse(astro)).toEqual(parse(SITE_CSP))
  })
})

describe('paypalCspSources: what /subscribe adds for the configured PayPal', () => {
  it("adds nothing for PayPal's own https hosts (the site-wide policy has them)", () => {
    expect(paypalCspSources(['https://www.paypal.com/sdk/js', 'https://api-m.sandbox.paypal.com', 'https://api-m.paypal.com'])).toEqual([])
  })

  it('adds the origin of any other base once, and not a look-alike or plain-http PayPal', () => {
    expect(paypalCspSources(['http://127.0.0.1:4599/sdk/js', 'http://127.0.0.1:4599'])).toEqual(['http://127.0.0.1:4599'])
    expect(paypalCspSources(['https://paypal.com.evil.example/sdk/js'])).toEqual(['https://paypal.com.evil.example'])
    expect(paypalCspSources(['http://www.paypal.com/sdk/js'])).toEqual(['http://www.paypal.com'])
  })

  it('ignores what is not a URL', () => {
    expect(paypalCspSources(['not a url', ''])).toEqual([])
  })
})

describe('securityHeaders', () => {
  it('sends the site policy outside the admin', () => {
    for (const path of ['/', '/login', '/api/videos', '/media/thumbnails/x.jpg', '/cmsx']) expect(cspFor(path)).toBe(SITE_CSP)
  })

  it("sends the admin (Next.js) its own policy, which still needs 'unsafe-inline'", () => {
    for (const path of ['/cms', '/cms/collections/users', '/_next/static/chunk.js']) {
      expect(cspFor(path)).not.toBe(SITE_CSP)
      expect(parse(cspFor(path)).get('script-src')).toContain("'unsafe-inline'")
    }
  })
})
