import type { APIRoute } from 'astro'

import { updateProfile } from '../../../../cms/services/profile'
import { profileUpdateSchema } from '../../../../shared/schemas/profile'
import { handle, json, parseJson, requireUser } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

/** PUT /api/profile { bio, location, website } → PublicProfile of the signed-in member. */
export const PUT: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const input = await parseJson(context.request, profileUpdateSchema)
    const payload = await getPayloadClient()
    return json(await updateProfile(payload, { user: authUser, input }))
  })
