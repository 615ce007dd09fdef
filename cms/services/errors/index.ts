import { APIError } from 'payload'

/** A service error that an endpoint turns into `{ error }` JSON with this status. */
export class ServiceError extends APIError {
  constructor(message: string, status: number, data?: Record<string, unknown>) {
    super(message, status, data, true)
    this.name = 'ServiceError'
  }
}

export const badRequest = (message: string, data?: Record<string, unknown>) => new ServiceError(message, 400, data)
export const unauthorized = (message = 'Please sign in first.') => new ServiceError(message, 401)
export const forbidden = (message = 'You are not allowed to do that.') => new ServiceError(message, 403)
export const notFound = (message = 'Not found.') => new ServiceError(message, 404)
export const conflict = (message: string) => new ServiceError(message, 409)
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new ServiceError(message, 429, { retryAfterSeconds })

/**
 * A delete that a parallel request may have beaten: when it fails and the row is gone, the
 * caller gets a 404 (as if it had arrived second) rather than Payload's internal error.
 */
export async function deleteOrNotFound<T>(run: () => Promise<T>, exists: () => Promise<boolean>, message: string): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (!(await exists().catch(() => true))) throw notFound(message)
    throw error
  }
}

export const rowExists = async (payload: import('payload').Payload, collection: import('payload').CollectionSlug, id: number) =>
  (await payload.count({ collection, where: { id: { equals: id } }, overrideAccess: true })).totalDocs > 0
