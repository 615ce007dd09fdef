import type { APIRoute } from 'astro'

import { buildPostsRss, FEED_CACHE_CONTROL, FEED_ITEM_LIMIT, feedPosts, publicSiteUrl, siteName } from '../../cms/services/feeds'
import { handle } from '../lib/http'
import { getPayloadClient } from '../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const payload = await getPayloadClient()
    const [name, posts] = await Promise.all([siteName(payload), feedPosts(payload, { limit: FEED_ITEM_LIMIT })])
    return new Response(buildPostsRss(publicSiteUrl(), name, posts), {
      headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': FEED_CACHE_CONTROL },
    })
  })
