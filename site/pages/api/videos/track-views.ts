import type { APIRoute } from 'astro'

import { trackView, trackViewsRule, VIEWER_COOKIE } from '../../../../cms/services/videos'
import { trackViewSchema } from '../../../../shared/schemas/videos'
import { clientAddress, clientIp, enforceRateLimit, handle, json, parseJson } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

/**
 * POST /api/videos/track-views { videoId } → { counted, viewCount }. A member is counted by
 * account; a visitor by address range and browser family (trackView), so dropping or forging a
 * cookie does not make a new viewer.
 */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    await enforceRateLimit(trackViewsRule, clientIp(context))
    const { videoId } = await parseJson(context.request, trackViewSchema)
    const user = context.locals.authUser
    // The cookie visitors were once counted by means nothing now: it is not kept in their browser.
    if (context.cookies.has(VIEWER_COOKIE)) context.cookies.delete(VIEWER_COOKIE, { path: '/' })
    const payload = await getPayloadClient()
    const client = { address: clientAddress(context), userAgent: context.request.headers.get('user-agent') }
    return json(await trackView(payload, { user, videoId, client }))
  })

export const ALL: APIRoute = () => json({ error: 'Use POST.' }, 405, { allow: 'POST' })
