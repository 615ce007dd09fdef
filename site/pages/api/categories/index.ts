// GET /api/categories?withPostCount=true → CategorySummary[]; POST (admin) → CategorySummary.
import type { APIRoute } from 'astro'

import { createCategory } from '../../../../cms/services/categories'
import { assertAdmin } from '../../../../cms/services/posts'
import { categoryCreateSchema } from '../../../../shared/schemas/content'
import { withoutNul } from '../../../../shared/schemas/content-query'
import { handle, json, parseJson } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'
import { readCategoryList } from '../../../lib/public-api'

export const GET: APIRoute = readCategoryList

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    assertAdmin(context.locals.authUser)
    const payload = await getPayloadClient()
    const data = await parseJson(context.request, withoutNul(categoryCreateSchema))
    return json(await createCategory(payload, { user: context.locals.authUser, data }), 201)
  })
