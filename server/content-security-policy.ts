// The site's Content Security Policy, in one place for its two senders:
//
// - Astro (astro.config.mjs `security.csp`) sends it as the header of every page it renders, with
//   the sha256 of each inline script it emits itself added: the island loader and our client
//   directives (site/directives/). Its header replaces the one below (it is written last).
// - server/security-headers.ts sends it for every other site response (files, media, endpoints,
//   Express's own error page).
//
// Scripts: no 'unsafe-inline', no 'unsafe-eval'. Our own inline scripts are allowed by hash
// (site/layouts/inline-scripts.ts); hashes rather than nonces because visitor pages are cached
// whole (server/page-cache.ts) and a nonce would be replayed to everyone.
import { createHash } from 'node:crypto'

import type { AstroUserConfig } from 'astro'

import { INLINE_SCRIPTS } from '../site/layouts/inline-scripts'

type AstroCsp = Exclude<NonNullable<AstroUserConfig['security']>['csp'], boolean | undefined>

/** Scripts from ourselves, YouTube's player API and PayPal's checkout. */
const SCRIPT_SOURCES = ["'self'", 'https://www.youtube.com', 'https://www.paypal.com', 'https://*.paypal.com']

// Styles keep 'unsafe-inline': React islands and Radix set style attributes, and the review's item
// is about scripts. (With 'unsafe-inline' present Astro leaves its style hashes out, as it must:
// a hash would make browsers ignore 'unsafe-inline'.)
const STYLE_SOURCES = ["'self'", "'unsafe-inline'"]

/** Everything but script-src and style-src. */
const OTHER_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data: blob: https://i.ytimg.com https://img.youtube.com https://*.paypalobjects.com",
  "media-src 'self' blob:",
  // YouTube's players (videos and YouTube Live embeds), StreamYard's live embeds, PayPal's checkout.
  "frame-src https://www.youtube.com https://www.youtube-nocookie.com https://streamyard.com https://www.paypal.com https://*.paypal.com",
  "connect-src 'self' https://*.paypal.com",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
] as const

/** PayPal's own hosts, already in every page's policy. */
const isPayPalHost = (host: string) => host === 'paypal.com' || host.endsWith('.paypal.com')

/**
 * Origins of the configured PayPal SDK and API bases that the site-wide policy does not already
 * allow: none in production (PayPal's hosts are listed above); the fake PayPal's loopback origin
 * in tests, which /subscribe adds to its own page's policy only.
 */
export function paypalCspSources(bases: readonly string[]): string[] {
  const origins = new Set<string>()
  for (const base of bases) {
    try {
      const url = new URL(base)
      if (url.protocol === 'https:' && isPayPalHost(url.hostname)) continue
      origins.add(url.origin)
    } catch {
      // Not a URL: the PayPal config refuses it at startup; nothing to allow.
    }
  }
  return [...origins]
}

/** A CSP hash source for a script's exact text (UTF-8), without the quotes. */
export function scriptHash(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`
}

/** The hashes of the inline scripts BaseLayout puts on every page. */
export const INLINE_SCRIPT_HASHES = INLINE_SCRIPTS.map(scriptHash)

/** astro.config.mjs `security.csp`. */
export const ASTRO_CSP = {
  algorithm: 'SHA-256',
  directives: [...OTHER_DIRECTIVES],
  scriptDirective: { resources: SCRIPT_SOURCES, hashes: INLINE_SCRIPT_HASHES },
  styleDirective: { resources: STYLE_SOURCES },
} satisfies AstroCsp

/** The header for site responses Astro does not render as a page. */
export const SITE_CSP = [
  ...OTHER_DIRECTIVES,
  `script-src ${[...SCRIPT_SOURCES, ...INLINE_SCRIPT_HASHES.map((hash) => `'${hash}'`)].join(' ')}`,
  `style-src ${STYLE_SOURCES.join(' ')}`,
].join('; ')
