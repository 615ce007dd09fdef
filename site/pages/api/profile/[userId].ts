import type { APIRoute } from 'astro'

import { getPublicProfile, parseUserId } from '../../../../cms/services/profile'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

/** GET /api/profile/{userId} → PublicProfile (public fields only); 404 'User not found'. */
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const payload = await getPayloadClient()
    return json(await getPublicProfile(payload, parseUserId(context.params.userId)))
  })
