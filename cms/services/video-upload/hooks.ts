import type { CollectionAfterDeleteHook } from 'payload'

import { removeVideoFiles } from './storage'

/** A deleted upload takes its files with it: the original, the HLS rendition and the poster. */
export const removeUploadedVideoFiles: CollectionAfterDeleteHook = async ({ doc }) => {
  const { source, videoId } = doc as { source?: string; videoId?: string }
  if (source === 'manual' && typeof videoId === 'string' && /^manual_[a-z0-9_-]+$/.test(videoId)) await removeVideoFiles(videoId)
}
