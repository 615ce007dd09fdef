// GET /api/blog-posts (limit, status, page, categoryId, search) → PostPage; POST (admin) → PostDetail.
import type { APIRoute } from 'astro'

import { assertAdmin, createPost } from '../../../../cms/services/posts'
import { blogPostCreateSchema } from '../../../../shared/schemas/content'
import { withoutNul } from '../../../../shared/schemas/content-query'
import { handle, json, parseJson } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'
import { readPostList } from '../../../lib/public-api'

export const GET: APIRoute = readPostList

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    assertAdmin(context.locals.authUser)
    const payload = await getPayloadClient()
    const data = await parseJson(context.request, withoutNul(blogPostCreateSchema))
    return json(await createPost(payload, { user: context.locals.authUser, data }), 201)
  })
