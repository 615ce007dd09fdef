// GET /api/blog-posts (limit, status, page, categoryId, search) → PostPage; POST (admin) → PostDetail.
import type { APIRoute } from 'astro'

import { assertAdmin, createPost, listPosts, parseInput } from '../../../../cms/services/posts'
import { blogPostCreateSchema } from '../../../../shared/schemas/content'
import { postListQuerySchema, withoutNul } from '../../../../shared/schemas/content-query'
import { searchParamsToObject } from '../../../../shared/schemas/pagination'
import { handle, json, parseJson } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const query = parseInput(postListQuerySchema, searchParamsToObject(context.url.searchParams))
    const payload = await getPayloadClient()
    return json(await listPosts(payload, { user: context.locals.authUser, ...query }))
  })

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    assertAdmin(context.locals.authUser)
    const payload = await getPayloadClient()
    const data = await parseJson(context.request, withoutNul(blogPostCreateSchema))
    return json(await createPost(payload, { user: context.locals.authUser, data }), 201)
  })
