// GET /api/blog-posts/slug/{slug} → PostDetail; drafts are 404 for non-admins.
import type { APIRoute } from 'astro'

import { getPostBySlug } from '../../../../../cms/services/posts'
import { startsBlogRead } from '../../../../lib/blog-read'
import { handle, json } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const payload = await getPayloadClient()
    const post = await getPostBySlug(payload, { user: context.locals.authUser, slug: context.params.slug ?? '' })
    await startsBlogRead(payload, context.locals.authUser, post)
    return json(post)
  })
