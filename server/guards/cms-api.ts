import { stat } from 'node:fs/promises'
import path from 'node:path'

import type { Router } from 'express'
import express from 'express'
import type { Payload } from 'payload'

/** Checks in front of Payload's REST API (/cms/api) that Payload itself does not make. */
export function cmsApiGuards(payload: Payload): Router {
  const router = express.Router()
  // Payload's file handler answers 500 for a media file that is not on disk: a missing file is a 404.
  const mediaDir = payload.collections.media?.config.upload.staticDir
  router.get('/cms/api/media/file/:filename', async (req, res, next) => {
    const name = String(req.params.filename)
    const safe = mediaDir && !/[/\\\0]/.test(name) && !name.startsWith('.')
    // Asynchronous: pictures are requested on most pages, the event loop must not wait on the disk.
    const found = safe ? await stat(path.join(mediaDir, name)).then((s) => s.isFile(), () => false) : false
    if (found) return next()
    res.status(404).json({ errors: [{ message: 'Not found.' }], error: 'Not found.' })
  })
  return router
}
