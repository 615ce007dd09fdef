import type { Router } from 'express'
import express from 'express'
import type { Payload } from 'payload'

import { hit, rules, tooManyAttemptsMessage } from '../../cms/services/rate-limit'

/** Doors into accounts that Payload's REST API opens under /cms/api/users: limited or closed here. */
export function authGuards(_payload: Payload): Router {
  const router = express.Router()
  // Payload's own login is a second door to the same accounts: same per-IP limit as /api/auth/login.
  router.post('/cms/api/users/login', (req, res, next) => {
    const result = hit(rules.login, req.ip ?? 'unknown')
    if (result.allowed) return next()
    res.set('retry-after', String(result.retryAfterSeconds))
    res.status(429).json({ errors: [{ message: tooManyAttemptsMessage(result.retryAfterSeconds) }], error: tooManyAttemptsMessage(result.retryAfterSeconds) })
  })
  // Email verification is not used (members verify their age instead); Payload's route would 500.
  router.all('/cms/api/users/verify/{*rest}', (_req, res) => void res.status(404).json({ error: 'Not found.' }))
  return router
}
