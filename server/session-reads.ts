import type { NextFunction, Request, Response } from 'express'

const READS = new Set(['GET', 'HEAD'])

/**
 * A member who follows a link from another site (a search result, a social post, an email) must
 * arrive signed in. The session cookie is SameSite=Lax, so browsers send it cross-site only on
 * top-level GET navigations; Payload's cookie extraction, though, refuses a cookie on any request
 * whose Sec-Fetch-Site is `cross-site` (or that has neither Origin nor Sec-Fetch-Site, as older
 * browsers send). That check protects writes; reads change nothing, so on GET and HEAD the
 * request is presented to the session lookup as the plain navigation it is. Writes keep every
 * check: Payload's, and the site middleware's refusal of cross-site POST/PUT/PATCH/DELETE.
 */
export function sessionOnReads(req: Request, _res: Response, next: NextFunction) {
  if (READS.has(req.method) && req.headers.cookie) {
    const site = req.headers['sec-fetch-site']
    if (site !== 'same-origin' && site !== 'same-site' && site !== 'none') {
      delete req.headers.origin
      req.headers['sec-fetch-site'] = 'none'
    }
  }
  next()
}
