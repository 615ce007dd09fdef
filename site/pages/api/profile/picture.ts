import type { APIRoute } from 'astro'

import { limitPictureUploads, PROFILE_PICTURE_MAX_BYTES, uploadProfilePicture } from '../../../../cms/services/profile'
import { PICTURE_REQUIRED, PICTURE_TOO_LARGE } from '../../../../shared/member-messages'
import { handle, HttpError, json, requireUser } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

/** Room for the multipart boundaries and headers around a maximum-size file. */
const MAX_BODY_BYTES = PROFILE_PICTURE_MAX_BYTES + 64 * 1024

/** The multipart body, read no further than the cap whatever Content-Length claims. */
async function readFormData(request: Request): Promise<FormData> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw new HttpError(413, PICTURE_TOO_LARGE)
  if (!/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) throw new HttpError(400, PICTURE_REQUIRED)
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = request.body?.getReader()
  while (reader) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > MAX_BODY_BYTES) {
      await reader.cancel()
      throw new HttpError(413, PICTURE_TOO_LARGE)
    }
    chunks.push(value)
  }
  try {
    return await new Response(new Blob(chunks as BlobPart[]), { headers: { 'content-type': request.headers.get('content-type')! } }).formData()
  } catch {
    throw new HttpError(400, PICTURE_REQUIRED)
  }
}

/** POST /api/profile/picture (multipart `profilePicture`) → PublicProfile; errors as { error }. */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const payload = await getPayloadClient()
    await limitPictureUploads(payload, authUser)
    const file = (await readFormData(context.request)).get('profilePicture')
    if (!(file instanceof File) || file.size === 0) throw new HttpError(400, PICTURE_REQUIRED)
    const bytes = new Uint8Array(await file.arrayBuffer())
    return json(await uploadProfilePicture(payload, { user: authUser, file: bytes }))
  })
