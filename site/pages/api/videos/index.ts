import type { APIRoute } from 'astro'

import { readVideoList } from '../../../lib/public-api'

/** GET /api/videos?page=&limit= → VideoPage (site/lib/public-api.ts). */
export const GET: APIRoute = readVideoList
