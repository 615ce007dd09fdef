// PUT /api/categories/{id}, DELETE /api/categories/{id} (admin; 409 while posts are filed under it).
import type { APIRoute } from 'astro'

import { deleteCategory, updateCategory } from '../../../../cms/services/categories'
import { assertAdmin, parseInput } from '../../../../cms/services/posts'
import { categoryUpdateSchema } from '../../../../shared/schemas/content'
import { idSchema, withoutNul } from '../../../../shared/schemas/content-query'
import { handle, json, parseJson } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

const categoryId = idSchema('Category')

export const PUT: APIRoute = (context) =>
  handle(context, async () => {
    assertAdmin(context.locals.authUser)
    const id = parseInput(categoryId, context.params.id)
    const data = await parseJson(context.request, withoutNul(categoryUpdateSchema))
    const payload = await getPayloadClient()
    return json(await updateCategory(payload, { user: context.locals.authUser, id, data }))
  })

export const DELETE: APIRoute = (context) =>
  handle(context, async () => {
    assertAdmin(context.locals.authUser)
    const id = parseInput(categoryId, context.params.id)
    const payload = await getPayloadClient()
    return json({ success: true, ...(await deleteCategory(payload, { user: context.locals.authUser, id })) })
  })
