// Resumable uploads (beyond the spec) with the tus protocol (tus.io, v1.0.0): @tus/server with its
// file store in the media folder's hidden .uploads/tus, or with S3_BUCKET its S3 store (tus-store.ts),
// so an upload started on one app process can go on through another. A dropped connection resumes from the
// offset the server confirms (HEAD), not from zero. Same rules as the multipart door: admins only,
// each upload usable only by the admin who started it, the size cap on Upload-Length and while
// streaming, the container checked from the file's bytes when it completes. A finished upload
// becomes a video through POST /api/videos/upload with `tusUploadId` (createUploadedVideo).
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { FileStore } from '@tus/file-store'
import { Server, type ServerOptions } from '@tus/server'
import type { DataStore } from '@tus/utils'
import type { Payload } from 'payload'

import { userIsAdmin } from '../../access/roles'
import type { User } from '../../payload-types'
import { VIDEO_FILE_TYPE_DESCRIPTION } from '../../../shared/messages'
import { CONTAINER_SNIFF_BYTES, detectVideoContainer, TUS_ENDPOINT, type VideoContainer } from '../../../shared/video-upload'
import { findSessionUser } from '../cache/session-cache'
import { badRequest, notFound } from '../errors'
import { videoUploadMaxBytes } from './config'
import { newInFlightFile, readHead, removeFile, tusDir } from './storage'
import { bucketTusStore, dropBucketTusUpload, readBucketTusHead, takeBucketTusUpload } from './tus-store'
import { notAVideo } from './receive'
import { PostgresUploadLocker } from './tus-locker'

/** Unfinished resumable uploads are kept this long after their last write, then swept. */
const TUS_EXPIRY_MS = 24 * 60 * 60_000

type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0]
/** An upload's bytes in the store (ids are ours: 32 hex characters, see namingFunction). */
const tusFile = (id: string) => {
  if (!/^[a-f0-9]{32}$/.test(id)) throw notFound('No such upload.')
  return path.join(tusDir(), id)
}
const refuse = (status_code: number, error: string) => ({ status_code, body: JSON.stringify({ error }) })

async function adminOf(payload: Payload, req: TusRequest): Promise<User> {
  const user = (await findSessionUser(payload, req.headers).catch(() => null)) as (User & { collection?: string }) | null
  if (!user || user.collection !== 'users') throw refuse(401, 'Please sign in first.')
  if (!userIsAdmin(user)) throw refuse(403, 'Only admins can upload videos.')
  return user
}

/** The first bytes of a finished upload (its container check). */
const uploadHead = (id: string): Promise<Uint8Array> => readBucketTusHead(id, CONTAINER_SNIFF_BYTES) ?? readHead(tusFile(id), CONTAINER_SNIFF_BYTES)

/** Drops an upload from the store (a finished one too: the S3 store's own remove refuses those). */
const dropUpload = async (datastore: DataStore, id: string): Promise<void> => {
  await (dropBucketTusUpload(id) ?? datastore.remove(id)).catch(() => undefined)
}

export function createTusServer(payload: Payload): Server {
  const datastore: DataStore = bucketTusStore(TUS_EXPIRY_MS) ?? new FileStore({ directory: tusDir(), expirationPeriodInMilliseconds: TUS_EXPIRY_MS })
  const server = new Server({
    path: TUS_ENDPOINT,
    datastore,
    // Locks in PostgreSQL, not in this process's memory: every app server sees them (tus-locker.ts).
    locker: new PostgresUploadLocker(payload),
    relativeLocation: true,
    maxSize: () => videoUploadMaxBytes(),
    namingFunction: () => randomBytes(16).toString('hex'),
    onIncomingRequest: async (req, uploadId) => {
      const user = await adminOf(payload, req)
      if (req.method === 'POST' || req.method === 'OPTIONS') return
      // Another admin's upload is as good as absent.
      const upload = await datastore.getUpload(uploadId).catch(() => null)
      if (!upload || upload.metadata?.uploader !== String(user.id)) throw refuse(404, 'Not found.')
    },
    onUploadCreate: async (req, upload) => {
      const user = await adminOf(payload, req)
      return { metadata: { ...upload.metadata, uploader: String(user.id) } }
    },
    onUploadFinish: async (_req, upload) => {
      const container = detectVideoContainer(await uploadHead(upload.id))
      if (!container) {
        await dropUpload(datastore, upload.id)
        throw refuse(400, VIDEO_FILE_TYPE_DESCRIPTION)
      }
      return {}
    },
  })
  return server
}

/**
 * Hands a finished tus upload of `user` over as a received file (moved out of the tus store),
 * checked to be complete and a video by its bytes.
 */
export async function takeTusUpload(payload: Payload, server: Server, uploadId: string, user: Pick<User, 'id'>): Promise<{ file: string; container: VideoContainer }> {
  const store = server.datastore
  const upload = await store.getUpload(uploadId).catch(() => null)
  if (!upload || upload.metadata?.uploader !== String(user.id)) throw notFound('No such upload.')
  if (upload.size === undefined || upload.offset !== upload.size || upload.size === 0) throw badRequest('The upload is not finished yet.')
  const container = detectVideoContainer(await uploadHead(uploadId))
  if (!container) {
    await dropUpload(store, uploadId)
    throw notAVideo()
  }
  const file = await newInFlightFile()
  const fromBucket = takeBucketTusUpload(uploadId, file)
  if (fromBucket) {
    // Downloaded here (the multipart door's files arrive here too); the upload is the video's now.
    await fromBucket.catch(async (error: unknown) => {
      await removeFile(file)
      throw error
    })
  } else {
    await fs.promises.rename(tusFile(uploadId), file)
    await (store as FileStore).configstore.delete(uploadId)
  }
  payload.logger.info({ event: 'tus_upload_taken', uploadId, bytes: upload.size }, 'resumable upload finished')
  return { file, container }
}
