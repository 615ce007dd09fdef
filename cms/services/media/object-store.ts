// The bucket's side of media storage (when S3_BUCKET is set, s3-config.ts): one S3 client per
// process and the handful of object operations the media door, the video pipeline and
// `npm run media:migrate` need. Keys are full keys (prefix included); callers build them.
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import { S3, type S3ClientConfig } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'

import { s3Config, type S3Config } from './s3-config'

/** The client settings of a configuration (the storage plugin, the tus store and this module share them). */
export const s3ClientConfig = (config: S3Config): S3ClientConfig => ({
  region: config.region,
  ...(config.endpoint ? { endpoint: config.endpoint } : {}),
  forcePathStyle: config.forcePathStyle,
  credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  // Checksums on every request are newer than most S3-compatible servers (MinIO, fakes) accept.
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
})

export type ObjectStore = { client: S3; bucket: string; config: S3Config }

let store: ObjectStore | null | undefined

/** The bucket of this process, or null when media stays on the local disk. */
export function objectStore(): ObjectStore | null {
  if (store !== undefined) return store
  const config = s3Config()
  store = config ? { client: new S3(s3ClientConfig(config)), bucket: config.bucket, config } : null
  return store
}

/** An S3 "no such object" answer, whichever way the server phrased it. */
export function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404
}

export type ObjectHead = { size: number; etag: string | null; lastModified: Date | null }

export async function headObject({ client, bucket }: ObjectStore, key: string): Promise<ObjectHead | null> {
  try {
    const head = await client.headObject({ Bucket: bucket, Key: key })
    return { size: head.ContentLength ?? 0, etag: head.ETag ?? null, lastModified: head.LastModified ?? null }
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}

/** An object's bytes as a stream, `range` (inclusive offsets) only; null when it is gone. */
export async function readObject({ client, bucket }: ObjectStore, key: string, range?: { start: number; end: number }, signal?: AbortSignal): Promise<Readable | null> {
  try {
    const object = await client.getObject({ Bucket: bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }, { abortSignal: signal })
    return (object.Body as Readable | undefined) ?? null
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}

/** A small object's bytes (playlists, stills), or null when it is gone. */
export async function readObjectBytes(store: ObjectStore, key: string): Promise<Buffer | null> {
  const body = await readObject(store, key)
  if (!body) return null
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

/** Downloads an object to a local file; false when it is gone. */
export async function downloadObject(store: ObjectStore, key: string, file: string): Promise<boolean> {
  const body = await readObject(store, key)
  if (!body) return false
  await fs.promises.mkdir(path.dirname(file), { recursive: true })
  await pipeline(body, fs.createWriteStream(file))
  return true
}

/** Uploads bytes or a local file (multipart for large files). */
export async function putObject({ client, bucket }: ObjectStore, key: string, body: Uint8Array | string | { file: string }, contentType?: string): Promise<void> {
  if (typeof body === 'object' && 'file' in body) {
    await new Upload({ client, params: { Bucket: bucket, Key: key, Body: fs.createReadStream(body.file), ContentType: contentType }, partSize: 16 * 1024 * 1024, queueSize: 2 }).done()
    return
  }
  await client.putObject({ Bucket: bucket, Key: key, Body: body, ContentType: contentType })
}

export async function copyObject({ client, bucket }: ObjectStore, from: string, to: string): Promise<void> {
  await client.copyObject({ Bucket: bucket, Key: to, CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}` })
}

/** Every object under `prefix` (keys and sizes). */
export async function listObjects({ client, bucket }: ObjectStore, prefix: string): Promise<{ key: string; size: number }[]> {
  const found: { key: string; size: number }[] = []
  let token: string | undefined
  do {
    const page = await client.listObjectsV2({ Bucket: bucket, Prefix: prefix, ContinuationToken: token })
    for (const object of page.Contents ?? []) if (object.Key) found.push({ key: object.Key, size: object.Size ?? 0 })
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return found
}

export async function deleteObjects({ client, bucket }: ObjectStore, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const batch = keys.slice(i, i + 1000)
    try {
      const { Errors } = await client.deleteObjects({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } })
      if (Errors?.length) throw new Error(Errors[0]?.Message ?? 'delete failed')
    } catch {
      // Some S3-compatible servers refuse the batch call (its checksum header): one by one then.
      for (const key of batch) await client.deleteObject({ Bucket: bucket, Key: key })
    }
  }
}

export const deletePrefix = async (store: ObjectStore, prefix: string) => deleteObjects(store, (await listObjects(store, prefix)).map((o) => o.key))
