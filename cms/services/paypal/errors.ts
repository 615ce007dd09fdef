import { ServiceError } from '../errors'

export const PAYPAL_UNREACHABLE = 'PayPal could not be reached. Nothing was changed; please try again in a few minutes.'
export const PAYPAL_NOT_CONFIGURED = 'PayPal is not configured.'

/** PayPal did not answer (network, timeout, 5xx, a broken reply): the caller answers 502. */
export class PaypalUnavailableError extends ServiceError {
  constructor(
    public readonly reason: string,
    message = PAYPAL_UNREACHABLE,
  ) {
    super(message, 502)
    this.name = 'PaypalUnavailableError'
  }
}

/** PayPal answered with a 4xx: `name` is PayPal's error name (RESOURCE_NOT_FOUND, UNPROCESSABLE_ENTITY…). */
export class PaypalRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly paypalName: string,
    public readonly issue: string | null,
  ) {
    super(`PayPal answered ${status} ${paypalName}${issue ? ` (${issue})` : ''}`)
    this.name = 'PaypalRequestError'
  }
}
