import type { Payload } from 'payload'

import { userIsAdmin } from '../../access/roles'
import type { User } from '../../payload-types'
import type { UploadStatusRow } from '../../../shared/video-upload'
import { forbidden, unauthorized } from '../errors'

/** The latest self-hosted videos and where their transcodes stand (the upload panel's list). */
export async function listRecentUploads(payload: Payload, user: Pick<User, 'isAdmin'> | null, limit = 10): Promise<UploadStatusRow[]> {
  if (!user) throw unauthorized()
  if (!userIsAdmin(user)) throw forbidden('Only admins can see uploads.')
  // overrideAccess: the caller is checked to be an admin above.
  const { docs } = await payload.find({
    collection: 'videos',
    where: { source: { equals: 'manual' } },
    sort: '-createdAt',
    limit,
    depth: 0,
    joins: false,
    overrideAccess: true,
    select: { videoId: true, title: true, transcodeStatus: true, transcodeError: true, duration: true, createdAt: true },
  })
  return docs.map((doc) => ({
    id: doc.id,
    videoId: doc.videoId,
    title: doc.title,
    transcodeStatus: doc.transcodeStatus ?? null,
    transcodeError: doc.transcodeError ?? null,
    duration: doc.duration ?? null,
    url: `/video/${doc.videoId}`,
    createdAt: doc.createdAt,
  }))
}
