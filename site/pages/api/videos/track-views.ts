import { randomUUID } from 'node:crypto'

import type { APIRoute } from 'astro'

import { isVisitorId, trackView, trackViewsRule, VIEWER_COOKIE } from '../../../../cms/services/videos'
import { trackViewSchema } from '../../../../shared/schemas/videos'
import { clientIp, enforceRateLimit, handle, json, parseJson } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

const secureCookie =
  process.env.COOKIE_SECURE !== undefined ? process.env.COOKIE_SECURE === 'true' : process.env.NODE_ENV === 'production'

/**
 * POST /api/videos/track-views { videoId } → { counted, viewCount }. A visitor without a valid
 * viewer_id cookie gets one here, so their reloads count once an hour like a member's.
 */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    enforceRateLimit(trackViewsRule, clientIp(context))
    const { videoId } = await parseJson(context.request, trackViewSchema)
    const user = context.locals.authUser
    let visitorId: string | null = null
    if (!user) {
      const cookie = context.cookies.get(VIEWER_COOKIE)?.value
      visitorId = isVisitorId(cookie) ? cookie : randomUUID()
      if (visitorId !== cookie) {
        context.cookies.set(VIEWER_COOKIE, visitorId, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie, maxAge: 60 * 60 * 24 * 365 })
      }
    }
    const payload = await getPayloadClient()
    return json(await trackView(payload, { user, videoId, visitorId }))
  })

export const ALL: APIRoute = () => json({ error: 'Use POST.' }, 405, { allow: 'POST' })
