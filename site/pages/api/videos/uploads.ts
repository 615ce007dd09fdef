// GET /api/videos/uploads → UploadStatusRow[]: the latest uploads and their transcode state (admins;
// the upload panel polls it while a transcode runs). The uploads themselves: server/video-upload.ts.
import type { APIRoute } from 'astro'

import { listRecentUploads } from '../../../../cms/services/video-upload'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const payload = await getPayloadClient()
    return json(await listRecentUploads(payload, context.locals.authUser))
  })
