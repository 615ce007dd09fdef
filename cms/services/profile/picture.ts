import type { Payload } from 'payload'

import { UPLOADING_TOO_FAST } from '../../../shared/member-messages'
import type { PublicProfile } from '../../../shared/types/members'
import type { Avatar, User } from '../../payload-types'
import { hit, rules } from '../rate-limit'
import { tooMany } from '../errors'
import { processProfilePicture, type ProcessedImage } from './image'
import { getPublicProfile } from './public-profile'

const AVATAR_PREFIX = 'avatar-'

/** Counts an upload per account (10 per 10 minutes by default, RATE_LIMIT_PROFILE_PICTURE). */
export async function limitPictureUploads(payload: Payload, user: User) {
  const result = await hit(payload, rules.profilePicture, `user:${user.id}`)
  if (!result.allowed) throw tooMany(UPLOADING_TOO_FAST, result.retryAfterSeconds)
}

/** The upload under way per member: a member's uploads run one after another. */
const uploadsInFlight = new Map<number, Promise<unknown>>()

/**
 * Runs `task` after the member's earlier uploads have finished. Two uploads racing would both
 * replace the same old picture and leave one new file linked to nobody. (In-process: the site is
 * one server process.)
 */
function oneAtATime<T>(userId: number, task: () => Promise<T>): Promise<T> {
  const run = (uploadsInFlight.get(userId) ?? Promise.resolve()).then(task, task)
  const settled = run.then(
    () => undefined,
    () => undefined,
  )
  uploadsInFlight.set(userId, settled)
  void settled.then(() => {
    if (uploadsInFlight.get(userId) === settled) uploadsInFlight.delete(userId)
  })
  return run
}

/**
 * POST /api/profile/picture: validates and re-encodes the image, stores it in `avatars`, links it
 * as the member's picture and deletes the picture it replaces (only our own avatar files).
 */
export async function uploadProfilePicture(payload: Payload, { user, file }: { user: User; file: Uint8Array }): Promise<PublicProfile> {
  const image = await processProfilePicture(file)
  return oneAtATime(user.id, () => replacePicture(payload, user, image))
}

async function replacePicture(payload: Payload, user: User, image: ProcessedImage): Promise<PublicProfile> {
  // The picture linked now, not when the request began: an upload just before may have replaced it.
  const current = (await payload.findByID({ collection: 'users', id: user.id, depth: 0, overrideAccess: true })) as User
  const previous = typeof current.profilePicture === 'object' ? current.profilePicture?.id : current.profilePicture
  // The image was checked and rebuilt above, for this signed-in member: avatars stay closed to direct uploads.
  const media = await payload.create({
    collection: 'avatars',
    data: { alt: `${user.username}'s profile picture` },
    file: {
      data: image.data,
      mimetype: image.mimeType,
      name: `${AVATAR_PREFIX}${user.id}-${Date.now()}.webp`,
      size: image.data.byteLength,
    },
    overrideAccess: true,
    depth: 0,
  })
  // overrideAccess: only this service links a (checked, re-encoded) picture, to the caller's own row.
  await payload.update({ collection: 'users', id: user.id, data: { profilePicture: media.id }, depth: 0, overrideAccess: true })
  if (previous && previous !== media.id) await deleteOldAvatar(payload, user.id, previous)
  return getPublicProfile(payload, user.id)
}

async function deleteOldAvatar(payload: Payload, userId: number, mediaId: number) {
  try {
    const old = (await payload.findByID({ collection: 'avatars', id: mediaId, depth: 0, disableErrors: true, overrideAccess: true })) as Avatar | null
    // Only files this service made for this member: an admin may have linked a shared image.
    if (old?.filename?.startsWith(`${AVATAR_PREFIX}${userId}-`)) {
      await payload.delete({ collection: 'avatars', id: mediaId, overrideAccess: true })
    }
  } catch (err) {
    payload.logger.warn({ err, userId, mediaId }, 'could not delete the replaced profile picture')
  }
}
