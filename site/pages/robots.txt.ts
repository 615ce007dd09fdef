import type { APIRoute } from 'astro'

import { buildRobotsTxt, FEED_CACHE_CONTROL, publicSiteUrl } from '../../cms/services/feeds'

export const GET: APIRoute = () =>
  new Response(buildRobotsTxt(publicSiteUrl()), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': FEED_CACHE_CONTROL },
  })
