// DELETE /api/admin/users/{id}/badges/{badge} → AdminUserChange (admins; hand-assigned badges only).
import type { APIRoute } from 'astro'

import { assertCanManageMembers, removeBadge } from '../../../../../../../cms/services/admin-users'
import { parseInput } from '../../../../../../../cms/services/posts'
import { badgeParamSchema } from '../../../../../../../shared/schemas/admin-users'
import { idSchema } from '../../../../../../../shared/schemas/content-query'
import { handle, json } from '../../../../../../lib/http'
import { getPayloadClient } from '../../../../../../lib/payload'

export const DELETE: APIRoute = (context) =>
  handle(context, async () => {
    const user = context.locals.authUser
    assertCanManageMembers(user)
    const id = parseInput(idSchema('User'), context.params.id)
    const badge = parseInput(badgeParamSchema, context.params.badge)
    return json(await removeBadge(await getPayloadClient(), { user, id, badge }))
  })
