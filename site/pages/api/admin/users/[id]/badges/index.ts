// POST /api/admin/users/{id}/badges { badge } → AdminUserChange (admins; hand-assigned badges only).
import type { APIRoute } from 'astro'

import { addBadge, assertCanManageMembers } from '../../../../../../../cms/services/admin-users'
import { parseInput } from '../../../../../../../cms/services/posts'
import { addBadgeSchema } from '../../../../../../../shared/schemas/admin-users'
import { idSchema } from '../../../../../../../shared/schemas/content-query'
import { handle, json, parseJson } from '../../../../../../lib/http'
import { getPayloadClient } from '../../../../../../lib/payload'

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const user = context.locals.authUser
    assertCanManageMembers(user)
    const id = parseInput(idSchema('User'), context.params.id)
    const { badge } = await parseJson(context.request, addBadgeSchema)
    return json(await addBadge(await getPayloadClient(), { user, id, badge }))
  })
