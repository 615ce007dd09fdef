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
