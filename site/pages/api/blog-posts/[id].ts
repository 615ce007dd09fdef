// GET /api/blog-posts/{id} → PostDetail (markdown body); PUT and DELETE (admin).
import type { APIRoute } from 'astro'

import { assertAdmin, deletePost, parseInput, updatePost } from '../../../../cms/services/posts'
import { blogPostUpdateSchema } from '../../../../shared/schemas/content'
import { idSchema, withoutNul } from '../../../../shared/schemas/content-query'
import { handle, json, parseJson } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'
import { readPost } from '../../../lib/public-api'

const postId = idSchema('Post')

export const GET: APIRoute = readPost

export const PUT: APIRoute = (context) =>
  handle(context, async () => {
    assertAdmin(context.locals.authUser)
    const id = parseInput(postId, context.params.id)
    const data = await parseJson(context.request, withoutNul(blogPostUpdateSchema))
    const payload = await getPayloadClient()
    return json(await updatePost(payload, { user: context.locals.authUser, id, data }))
  })

export const DELETE: APIRoute = (context) =>
  handle(context, async () => {
    assertAdmin(context.locals.authUser)
    const id = parseInput(postId, context.params.id)
    const payload = await getPayloadClient()
    return json({ success: true, ...(await deletePost(payload, { user: context.locals.authUser, id })) })
  })
