import type { CollectionAfterReadHook } from 'payload'

type Sized = { url?: unknown; thumbnailURL?: unknown; sizes?: Record<string, { url?: unknown } | null | undefined> | null }

/** `url` without the origin `serverURL` when it is one of this server's own addresses. */
export function withoutOrigin(url: unknown, serverURL: string): unknown {
  if (typeof url !== 'string' || !serverURL) return url
  const origin = serverURL.replace(/\/+$/, '')
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url
}

/**
 * Payload writes an upload's URLs with SERVER_URL in front (http://localhost:3000/cms/api/…).
 * Pages, feeds and the admin all run on that origin, so a site path does the same job without
 * putting the server's address into every API answer and page (and keeps working behind another
 * host name). URLs of other origins (a storage adapter's bucket) are left as they are.
 */
export const siteRelativeUrls: CollectionAfterReadHook = ({ doc, req }) => {
  const serverURL = req.payload.config.serverURL
  const upload = doc as Sized
  if (!serverURL || !upload || typeof upload !== 'object') return doc
  upload.url = withoutOrigin(upload.url, serverURL)
  upload.thumbnailURL = withoutOrigin(upload.thumbnailURL, serverURL)
  for (const size of Object.values(upload.sizes ?? {})) {
    if (size && typeof size === 'object') size.url = withoutOrigin(size.url, serverURL)
  }
  return doc
}
