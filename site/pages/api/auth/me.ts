import type { APIRoute } from 'astro'

import { readMe } from '../../../lib/public-api'

export const GET: APIRoute = readMe
