import path from 'node:path'

import express, { type Response } from 'express'
import type { Payload } from 'payload'

import { PREMIUM_REQUIRED_DESCRIPTION } from '../shared/messages'
import { parseLiveHlsPath, streamDir } from '../cms/services/live/ingest/paths'
import { mayWatch, SIGN_IN_TO_WATCH_LIVE, STREAM_NOT_FOUND } from '../cms/services/live/streams'
import { recordViewer } from '../cms/services/live/viewers'
import { createLiveFileCache } from './live-hls-files'
import { logger } from './logger'
import { requestSessionUser } from './request-user'

/** The gate's flags of a stream, remembered briefly: every viewer's player asks every second or so. */
type StreamFlags = { isPremiumOnly: boolean } | null
const FLAGS_TTL_MS = 2_000
const FLAGS_MAX = 1_000

/** Playlists change every segment; segments never change under their name (numbers are not reused). */
const PLAYLIST_CACHE = 'private, no-cache'
const SEGMENT_CACHE = 'private, max-age=60'

const MISSING_MEDIA = 'The stream has not started yet.'

function flagsCache(payload: Payload) {
  const entries = new Map<number, { at: number; flags: Promise<StreamFlags> }>()
  const load = async (id: number): Promise<StreamFlags> => {
    // overrideAccess: this router is the access check; it reads only the gate's flags.
    const doc = await payload.findByID({ collection: 'live-streams', id, select: { platform: true, isPremiumOnly: true }, depth: 0, disableErrors: true, overrideAccess: true })
    return doc && doc.platform === 'obs' ? { isPremiumOnly: doc.isPremiumOnly !== false } : null
  }
  return (id: number): Promise<StreamFlags> => {
    const now = Date.now()
    const hit = entries.get(id)
    if (hit && now - hit.at < FLAGS_TTL_MS) return hit.flags
    if (entries.size >= FLAGS_MAX) entries.clear()
    const flags = load(id)
    entries.set(id, { at: now, flags })
    flags.catch(() => entries.delete(id))
    return flags
  }
}

const refuse = (res: Response, status: number, error: string) => res.status(status).set({ 'cache-control': 'no-store', vary: 'Cookie' }).json({ error })

/**
 * /live-hls/{id}/index.m3u8 and its segments (cms/services/live/README.md). Every request, playlist
 * and segment alike, checks the session cookie against the one gating rule (mayWatch), so an
 * address copied out of a member's browser opens nothing for anyone else. Playlist requests of a
 * viewer the gate lets in are what counts them as watching.
 */
export function createLiveHlsRouter({ payload }: { payload: Payload }) {
  const router = express.Router()
  const flagsOf = flagsCache(payload)
  const files = createLiveFileCache()

  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    try {
      const target = parseLiveHlsPath(req.path)
      if (!target) return refuse(res, 404, 'Not found.')
      const flags = await flagsOf(target.streamId)
      if (!flags) return refuse(res, 404, STREAM_NOT_FOUND)
      const user = await requestSessionUser(payload, req, { readOnly: true })
      if (!user) return refuse(res, 401, SIGN_IN_TO_WATCH_LIVE)
      if (!mayWatch(user, flags)) {
        logger.warn({ userId: user.id, streamId: target.streamId, ip: req.ip }, 'premium live stream refused')
        return refuse(res, 403, PREMIUM_REQUIRED_DESCRIPTION)
      }

      const file = path.join(streamDir(target.streamId), target.file)
      const bytes = await (target.playlist ? files.playlist(file) : files.segment(file))
      if (!bytes) return refuse(res, 404, MISSING_MEDIA)
      if (target.playlist) void recordViewer(payload, target.streamId, user.id)
      res.status(200).set({
        'content-type': target.playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
        'cache-control': target.playlist ? PLAYLIST_CACHE : SEGMENT_CACHE,
        vary: 'Cookie',
        'content-length': String(bytes.length),
      })
      return req.method === 'HEAD' ? res.end() : res.end(bytes)
    } catch (error) {
      next(error)
    }
  })
  return router
}
