import type { APIRoute } from 'astro'

import { toSessionUser, verifyAge } from '../../../../cms/services/auth'
import { verifyAgeSchema } from '../../../../shared/schemas/auth'
import { handle, json, parseJson, requireUser } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const input = await parseJson(context.request, verifyAgeSchema)
    const payload = await getPayloadClient()
    const { user, award } = await verifyAge(payload, authUser.id, input.dateOfBirth)
    return json({ user: toSessionUser(user), award })
  })
