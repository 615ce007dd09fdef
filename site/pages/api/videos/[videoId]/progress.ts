import type { APIRoute } from 'astro'

import { sessionIdFor } from '../../../../../cms/services/analytics/session-id'
import { recordProgress } from '../../../../../cms/services/points'
import { rules } from '../../../../../cms/services/rate-limit'
import { VIDEO_NOT_FOUND } from '../../../../../cms/services/videos'
import { progressBeatSchema } from '../../../../../shared/schemas/points'
import { isVideoId } from '../../../../../shared/schemas/videos'
import { enforceRateLimit, handle, HttpError, json, parseJson, requireUser } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

/**
 * POST /api/videos/{videoId}/progress { position, duration? } → { coveredSeconds, durationSeconds, complete }:
 * a progress beat from the player (members; about one every 10 s while playing). Coverage counts
 * only forward play that real time allows, so video_complete cannot be had by seeking to the end.
 * The coverage a beat adds is also the member's watch time in analytics (video_analytics), under
 * the visit's session id; `duration` (the player's media length) lets a file shorter than the
 * video's listed length count as completed in analytics when played to its end.
 */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const { videoId } = context.params
    if (!isVideoId(videoId)) throw new HttpError(404, VIDEO_NOT_FOUND)
    const { authUser } = requireUser(context)
    await enforceRateLimit(rules.videoProgress, `user:${authUser.id}`)
    const { position, duration } = await parseJson(context.request, progressBeatSchema)
    const payload = await getPayloadClient()
    const analyticsSessionId = sessionIdFor({ address: context.locals.clientAddress, userAgent: context.request.headers.get('user-agent') })
    return json(await recordProgress(payload, { user: authUser, videoId, position, analyticsSessionId, playerDuration: duration }))
  })
