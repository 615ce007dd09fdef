// GET /api/categories?withPostCount=true → CategorySummary[]; POST (admin) → CategorySummary.
import type { APIRoute } from 'astro'

import { createCategory, listCategories } from '../../../../cms/services/categories'
import { assertAdmin, parseInput } from '../../../../cms/services/posts'
import { categoryCreateSchema } from '../../../../shared/schemas/content'
import { categoryListQuerySchema, withoutNul } from '../../../../shared/schemas/content-query'
import { searchParamsToObject } from '../../../../shared/schemas/pagination'
import { handle, json, parseJson } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const { withPostCount } = parseInput(categoryListQuerySchema, searchParamsToObject(context.url.searchParams))
    const payload = await getPayloadClient()
    return json(await listCategories(payload, { user: context.locals.authUser, withPostCount }))
  })

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    assertAdmin(context.locals.authUser)
    const payload = await getPayloadClient()
    const data = await parseJson(context.request, withoutNul(categoryCreateSchema))
    return json(await createCategory(payload, { user: context.locals.authUser, data }), 201)
  })
