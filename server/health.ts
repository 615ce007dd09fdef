import type { Request, Response } from 'express'
import type { Payload } from 'payload'

import { logger } from './logger'

/** GET /healthz: the process answers and the database does. */
export function healthCheck(payload: Payload) {
  return async (_req: Request, res: Response) => {
    try {
      await payload.db.drizzle.execute('select 1')
      res.json({ status: 'ok', database: 'ok' })
    } catch (error) {
      logger.error({ err: error }, 'health check: database unreachable')
      res.status(503).json({ status: 'error', database: 'unreachable' })
    }
  }
}
