// Resumable uploads in the bucket (S3_BUCKET): @tus/s3-store keeps each upload as an S3 multipart
// upload with its `.info` object, under `{S3_PREFIX}tus/`, so every app process sees the same
// uploads and offsets. Functions here answer null when there is no bucket (tus.ts then uses the
// file store on the local disk).
import { S3Store } from '@tus/s3-store'
import type { KvStore } from '@tus/utils'

import { deleteObjects, downloadObject, objectStore, readObject, s3ClientConfig } from '../media/object-store'
import { tusKeyPrefix, type S3Config } from '../media/s3-config'

type Metadata = NonNullable<ConstructorParameters<typeof S3Store>[0]['cache']> extends KvStore<infer T> ? T : never

/**
 * No metadata cache: the store's default remembers each upload in this process's memory, which
 * another process changing the same upload (its length, its completion) would leave stale.
 */
class NoCache implements KvStore<Metadata> {
  async get(): Promise<undefined> {
    return undefined
  }
  async set(): Promise<void> {}
  async delete(): Promise<void> {}
}

type KeyedInput = { Key?: unknown; Delete?: { Objects?: { Key?: string }[] } }

/** The S3 store with every key under the tus prefix (the store itself writes keys at the bucket's root). */
class PrefixedS3Store extends S3Store {
  constructor(config: S3Config, expirationPeriodInMilliseconds: number) {
    const prefix = tusKeyPrefix(config)
    // useTags off: expiry tags are an AWS feature many S3-compatible servers lack.
    super({ s3ClientConfig: { ...s3ClientConfig(config), bucket: config.bucket }, cache: new NoCache(), useTags: false, expirationPeriodInMilliseconds })
    const withPrefix = (key: string) => (key.startsWith(prefix) ? key : prefix + key)
    this.client.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as KeyedInput
        const prefixed: KeyedInput = { ...input }
        if (typeof input.Key === 'string') prefixed.Key = withPrefix(input.Key)
        if (input.Delete?.Objects) prefixed.Delete = { ...input.Delete, Objects: input.Delete.Objects.map((o) => ({ ...o, Key: o.Key && withPrefix(o.Key) })) }
        return next({ ...args, input: prefixed as typeof args.input })
      },
      { step: 'initialize', name: 'tusKeyPrefix' },
    )
  }
}

export function bucketTusStore(expirationPeriodInMilliseconds: number): S3Store | null {
  const store = objectStore()
  return store ? new PrefixedS3Store(store.config, expirationPeriodInMilliseconds) : null
}

const keyOf = (config: S3Config, id: string) => tusKeyPrefix(config) + id

/** The first `n` bytes of a finished upload in the bucket; null without a bucket. */
export function readBucketTusHead(id: string, n: number): Promise<Uint8Array> | null {
  const store = objectStore()
  if (!store) return null
  return (async () => {
    const body = await readObject(store, keyOf(store.config, id), { start: 0, end: n - 1 })
    if (!body) return new Uint8Array()
    const chunks: Buffer[] = []
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array))
    return Buffer.concat(chunks).subarray(0, n)
  })()
}

/** Removes an upload's objects (finished or not); null without a bucket. */
export function dropBucketTusUpload(id: string): Promise<void> | null {
  const store = objectStore()
  if (!store) return null
  const key = keyOf(store.config, id)
  return deleteObjects(store, [key, `${key}.info`, `${key}.part`])
}

/** Downloads a finished upload to `file` and removes it from the bucket; null without a bucket. */
export function takeBucketTusUpload(id: string, file: string): Promise<void> | null {
  const store = objectStore()
  if (!store) return null
  return (async () => {
    if (!(await downloadObject(store, keyOf(store.config, id), file))) throw new Error('The finished upload is missing from the bucket')
    await dropBucketTusUpload(id)
  })()
}
