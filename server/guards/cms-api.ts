import { stat } from 'node:fs/promises'
import path from 'node:path'

import type { Router } from 'express'
import express from 'express'
import type { Payload } from 'payload'

import { requestSessionUser } from '../request-user'

const PREFERENCES = '/cms/api/payload-preferences'

async function hasPreference(payload: Payload, userId: number, rawKey: string): Promise<boolean> {
  let key: string
  try {
    key = decodeURIComponent(rawKey)
  } catch {
    return false
  }
  if (key.includes('\0')) return false
  const { totalDocs } = await payload.count({
    collection: 'payload-preferences',
    where: { and: [{ key: { equals: key } }, { 'user.value': { equals: userId } }, { 'user.relationTo': { equals: 'users' } }] },
    overrideAccess: true, // the caller is the signed-in admin, checked above; only their own rows count
  })
  return totalDocs > 0
}

/** Checks in front of Payload's REST API (/cms/api) that Payload itself does not make. */
export function cmsApiGuards(payload: Payload): Router {
  const router = express.Router()
  // Payload's file handler answers 500 for an upload that is not on disk: a missing file is a 404.
  // Uploads kept in the S3 bucket (disableLocalStorage) are the storage adapter's: it answers 404 itself.
  for (const collection of Object.values(payload.collections)) {
    const staticDir = collection.config.upload?.staticDir
    if (!staticDir || collection.config.upload?.disableLocalStorage) continue
    router.get(`/cms/api/${collection.config.slug}/file/:filename`, async (req, res, next) => {
      const name = String(req.params.filename)
      const safe = !/[/\\\0]/.test(name) && !name.startsWith('.')
      // Asynchronous: pictures are requested on most pages, the event loop must not wait on the disk.
      const found = safe ? await stat(path.join(staticDir, name)).then((s) => s.isFile(), () => false) : false
      if (found) return next()
      res.status(404).json({ errors: [{ message: 'Not found.' }], error: 'Not found.' })
    })
  }

  // Preferences are the admin UI's column and list settings: members never use it, so they may
  // not fill the table (an admin's values are bounded by the body limit).
  router.all([PREFERENCES, `${PREFERENCES}/{*rest}`], async (req, res, next) => {
    const user = await requestSessionUser(payload, req)
    if (user?.isAdmin !== true) {
      const message = user ? 'Only admins can use the admin panel.' : 'Please sign in first.'
      return void res.status(user ? 403 : 401).json({ errors: [{ message }], error: message })
    }
    // Payload answers 500 for deleting a key the admin does not have: a 404.
    const key = req.method === 'DELETE' ? req.path.slice(PREFERENCES.length + 1) : ''
    if (key && !(await hasPreference(payload, user.id, key))) return void res.status(404).json({ errors: [{ message: 'Not found.' }], error: 'Not found.' })
    next()
  })
  return router
}
