import type { APIRoute } from 'astro'

import { buildVideosRss, FEED_CACHE_CONTROL, FEED_ITEM_LIMIT, feedVideos, publicSiteUrl, siteName } from '../../../cms/services/feeds'
import { handle } from '../../lib/http'
import { getPayloadClient } from '../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const payload = await getPayloadClient()
    const [name, videos] = await Promise.all([siteName(payload), feedVideos(payload, { limit: FEED_ITEM_LIMIT })])
    return new Response(buildVideosRss(publicSiteUrl(), name, videos), {
      headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': FEED_CACHE_CONTROL },
    })
  })
