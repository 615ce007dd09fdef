import type { APIRoute } from 'astro'

import { readVideo } from '../../../../lib/public-api'

/** GET /api/videos/{videoId} → VideoDetail (site/lib/public-api.ts). */
export const GET: APIRoute = readVideo
