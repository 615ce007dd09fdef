import type { NextFunction, Request, Response } from 'express'

const READS = new Set(['GET', 'HEAD'])

/**
 * A member who follows a link from another site (a search result, a social post, an email) must
 * arrive signed in. The session cookie is SameSite=Lax, so browsers send it cross-site on top-level
 * GET navigations; Payload's cookie extraction, though, refuses a cookie on any request whose
 * Sec-Fetch-Site is `cross-site`. That check protects writes, and a top-level GET navigation
 * changes nothing, so such a navigation is presented to the session lookup as the direct one it
 * is. Everything else keeps every check: writes (Payload's, and the site middleware's refusal of
 * cross-site POST/PUT/PATCH/DELETE), and cross-site subresource and frame requests (another
 * site's `<video src>` or `<iframe>` never gets a member's premium file or page).
 */
export function sessionOnReads(req: Request, _res: Response, next: NextFunction) {
  if (READS.has(req.method) && req.headers.cookie && req.headers['sec-fetch-mode'] === 'navigate' && req.headers['sec-fetch-dest'] === 'document') {
    const site = req.headers['sec-fetch-site']
    if (site === 'cross-site') {
      delete req.headers.origin
      req.headers['sec-fetch-site'] = 'none'
    }
  }
  next()
}
