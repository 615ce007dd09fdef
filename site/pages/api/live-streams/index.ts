// GET /api/live-streams (signed in; spec §7 Live): live, scheduled and recently ended streams.
import type { APIRoute } from 'astro'

import { listLiveStreams } from '../../../../cms/services/live/streams'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => json(await listLiveStreams(await getPayloadClient(), { user: context.locals.authUser })))
