import type { NextFunction, Request, Response } from 'express'

import { SITE_CSP } from './content-security-policy'

const production = process.env.NODE_ENV === 'production'

/** Payload's admin (Next.js) needs inline scripts and styles of its own. */
const CMS_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ')

export function securityHeaders(req: Request, res: Response, next: NextFunction) {
  const cms = req.path === '/cms' || req.path.startsWith('/cms/') || req.path.startsWith('/_next/')
  // On the site's pages Astro replaces SITE_CSP with the same policy plus its own scripts' hashes.
  res.setHeader('Content-Security-Policy', cms ? CMS_CSP : SITE_CSP)
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.setHeader('X-Frame-Options', cms ? 'SAMEORIGIN' : 'DENY')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self "https://www.paypal.com")')
  if (production && process.env.HSTS !== 'false') {
    res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  }
  next()
}
