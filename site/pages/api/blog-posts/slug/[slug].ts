// GET /api/blog-posts/slug/{slug} → PostDetail; drafts are 404 for non-admins (site/lib/public-api.ts).
import type { APIRoute } from 'astro'

import { readPostBySlug } from '../../../../lib/public-api'

export const GET: APIRoute = readPostBySlug
