// GET /api/admin/users-with-badges?search=&page=&limit= → AdminUserPage (admins; SPEC §7 Admin).
import type { APIRoute } from 'astro'

import { assertCanManageMembers, listUsersWithBadges } from '../../../../cms/services/admin-users'
import { parseInput } from '../../../../cms/services/posts'
import { adminUserListQuerySchema } from '../../../../shared/schemas/admin-users'
import { searchParamsToObject } from '../../../../shared/schemas/pagination'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const user = context.locals.authUser
    assertCanManageMembers(user)
    const query = parseInput(adminUserListQuerySchema, searchParamsToObject(context.url.searchParams))
    return json(await listUsersWithBadges(await getPayloadClient(), { user, query }))
  })
