import { s3Storage } from '@payloadcms/storage-s3'
import type { Plugin } from 'payload'

import { s3ClientConfig } from '../services/media/object-store'
import { avatarsKeyPrefix, mediaKeyPrefix, s3Config } from '../services/media/s3-config'

/**
 * The creator's images (with their sharp-made sizes) and members' pictures in the S3 bucket when
 * S3_BUCKET is set; on the local disk (their staticDir) otherwise. Either way they are served by
 * Payload's own file route (/cms/api/{media,avatars}/file/…): in a bucket the adapter streams
 * the object through the app (ranges, ETag), never a public bucket URL, and the collection's read
 * access still applies. Keys mirror the local folders: `{S3_PREFIX}media/…`, `{S3_PREFIX}avatars/…`.
 *
 * alwaysInsertFields: the adapter's bookkeeping columns (`prefix`, `_object_key`) exist with or
 * without a bucket, so one schema (and one set of migrations) serves both. Composite prefixes keep
 * each row's own `prefix` empty: its key is the collection's prefix and its file name, and its URL
 * stays the plain /cms/api/…/file/{name} that pages already use.
 */
export function storage(): Plugin {
  const config = s3Config()
  return s3Storage({
    enabled: Boolean(config),
    alwaysInsertFields: true,
    useCompositePrefixes: true,
    bucket: config?.bucket ?? 'unused',
    config: config ? s3ClientConfig(config) : {},
    collections: {
      media: { prefix: config ? mediaKeyPrefix(config).replace(/\/$/, '') : 'media' },
      avatars: { prefix: config ? avatarsKeyPrefix(config).replace(/\/$/, '') : 'avatars' },
    },
  })
}
