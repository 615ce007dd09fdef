import type { NextFunction, Request, Response } from 'express'

const production = process.env.NODE_ENV === 'production'

/** The site's pages: scripts from ourselves and YouTube's player only; no framing by others. */
const SITE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' https://www.youtube.com https://www.paypal.com https://*.paypal.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://i.ytimg.com https://img.youtube.com https://*.paypalobjects.com",
  "media-src 'self' blob:",
  "frame-src https://www.youtube.com https://www.youtube-nocookie.com https://www.paypal.com https://*.paypal.com",
  "connect-src 'self' https://*.paypal.com",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

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
