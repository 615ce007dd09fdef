import type { APIRoute } from 'astro'

import { errorResponse, json } from '../../../lib/http'

export const GET: APIRoute = ({ locals }) =>
  locals.user ? json(locals.user) : errorResponse(401, 'Not signed in.')
