import type { NextFunction, Request, Response } from 'express'

import { isBot } from '../cms/services/analytics/bots'
import type { PageViewRecorder } from '../cms/services/analytics/recorder'
import { createPageViewLimiter, type PageViewLimiter } from '../cms/services/analytics/view-limit'

/** Never pages people read: the JSON API, the editor, media files, build assets, the admin panel. */
const NOT_PAGES = /^\/(?:api|cms|media|_astro|_next|__nextjs|admin|healthz)(?:\/|$)/

/** The locals object handed to Astro for this request: the site middleware fills in `user`. */
export type SiteLocals = {
  clientAddress?: string
  user?: { id: number; isPremium: boolean } | null
  /** When what the rendered page shows changes by itself (epoch ms): the page caches keep it no longer. */
  changesAt?: number | null
}

export const siteLocalsOf = (res: Response): SiteLocals => ((res.locals.site as SiteLocals | undefined) ??= {})

/**
 * Records a page view for every page a person loads, once its response has gone out (`finish`),
 * so it costs the response nothing. Mounted before the page cache: a visitor's cached page counts
 * like a rendered one. Counted: GET, 2xx or 304, an HTML page, a browser's user agent, not a prefetch.
 * The signed-in member is the one the site's middleware resolved for this request (no lookup of
 * its own); cached pages are visitors' by definition. A view beyond its address range's budgets
 * (view-limit.ts: a few per path, a few dozen in all, per minute; shared-view-limit.ts counts them
 * across server processes) is not recorded, so no client can grow the table faster than that
 * however it varies paths and query strings.
 */
export function recordPageViews(recorder: PageViewRecorder, limiter: PageViewLimiter = createPageViewLimiter()) {
  return function pageViews(req: Request, res: Response, next: NextFunction) {
    if (req.method !== 'GET' || NOT_PAGES.test(req.path)) return next()
    const userAgent = req.headers['user-agent']
    if (isBot(userAgent)) return next()
    // Speculative loads (a hovered link, a prerender) are not a person reading the page.
    if (/prefetch|prerender/i.test(String(req.headers['sec-purpose'] ?? req.headers.purpose ?? ''))) return next()
    const at = new Date()
    res.once('finish', () => {
      // A 304 is the page read again from the browser's copy (server/http-caching.ts): a view too.
      if ((res.statusCode < 200 || res.statusCode >= 300) && res.statusCode !== 304) return
      if (!String(res.getHeader('content-type') ?? '').startsWith('text/html')) return
      const user = siteLocalsOf(res).user
      const view = {
        path: req.path,
        userAgent: userAgent!,
        address: req.ip,
        referrer: req.headers.referer,
        at,
        user: user ? { id: user.id, isPremium: Boolean(user.isPremium) } : null,
      }
      // A budget that cannot be read (never expected: the shared one falls back on memory) records nothing.
      void Promise.resolve(limiter.allow(req.ip, req.path, at.getTime())).then(
        (fits) => {
          if (fits) recorder.record(view)
        },
        () => undefined,
      )
    })
    next()
  }
}
