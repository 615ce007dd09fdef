import type { APIRoute } from 'astro'

import { buildSitemap, FEED_CACHE_CONTROL, feedPosts, feedVideos, publicSiteUrl } from '../../cms/services/feeds'
import { handle } from '../lib/http'
import { getPayloadClient } from '../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const payload = await getPayloadClient()
    const [posts, videos] = await Promise.all([feedPosts(payload), feedVideos(payload)])
    return new Response(buildSitemap(publicSiteUrl(), { posts, videos }), {
      headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': FEED_CACHE_CONTROL },
    })
  })
