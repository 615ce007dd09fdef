// GET /api/live-streams/upcoming (spec §7 Live): scheduled streams, soonest first.
import type { APIRoute } from 'astro'

import { listUpcomingStreams } from '../../../../cms/services/live/streams'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => json(await listUpcomingStreams(await getPayloadClient(), { user: context.locals.authUser })))
