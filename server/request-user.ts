import type { Request } from 'express'
import type { Payload } from 'payload'

import { findSessionUser } from '../cms/services/cache/session-cache'
import type { User } from '../cms/payload-types'

/** Web Headers from Express's, for payload.auth. */
export function toHeaders(req: Pick<Request, 'headers'>): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value)
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v)
  }
  return headers
}

/** The signed-in user behind an Express request (session cache first), or null; never throws. */
export async function requestSessionUser(payload: Payload, req: Pick<Request, 'headers'>, options: { readOnly?: boolean } = {}): Promise<User | null> {
  if (!req.headers.cookie && !req.headers.authorization) return null
  // The site's one auth collection is users.
  return ((await findSessionUser(payload, toHeaders(req), options).catch(() => null)) as User | null) ?? null
}
