// PATCH /api/admin/users/{id}/moderator { isModerator } → AdminUserChange (admins).
import type { APIRoute } from 'astro'

import { assertCanManageMembers, setModerator } from '../../../../../../cms/services/admin-users'
import { parseInput } from '../../../../../../cms/services/posts'
import { moderatorUpdateSchema } from '../../../../../../shared/schemas/admin-users'
import { idSchema } from '../../../../../../shared/schemas/content-query'
import { handle, json, parseJson } from '../../../../../lib/http'
import { getPayloadClient } from '../../../../../lib/payload'

export const PATCH: APIRoute = (context) =>
  handle(context, async () => {
    const user = context.locals.authUser
    assertCanManageMembers(user)
    const id = parseInput(idSchema('User'), context.params.id)
    const { isModerator } = await parseJson(context.request, moderatorUpdateSchema)
    return json(await setModerator(await getPayloadClient(), { user, id, isModerator }))
  })
