import type { PaypalConfig } from './config'
import { PaypalRequestError, PaypalUnavailableError } from './errors'
import type { PaypalSubscription, WebhookTransmission } from './types'

export const PAYPAL_TIMEOUT_MS = 10_000
/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000

type Token = { value: string; expiresAt: number }
type FetchLike = typeof fetch

/** Tokens per API base and client id: one client-credentials grant serves every request until it expires. */
const tokens = new Map<string, Token>()

export const forgetPaypalTokens = () => tokens.clear()

export type PaypalClientOptions = { fetch?: FetchLike; timeoutMs?: number; now?: () => number }

/**
 * PayPal's REST API, the calls the site makes: OAuth2 client credentials, get and cancel a
 * subscription, verify a webhook's signature. A network failure, a timeout, a 5xx or a reply
 * that is not JSON is a PaypalUnavailableError (502); a 4xx is a PaypalRequestError.
 */
export class PaypalClient {
  private readonly fetch: FetchLike
  private readonly timeoutMs: number
  private readonly now: () => number

  constructor(
    private readonly config: PaypalConfig,
    options: PaypalClientOptions = {},
  ) {
    this.fetch = options.fetch ?? fetch
    this.timeoutMs = options.timeoutMs ?? PAYPAL_TIMEOUT_MS
    this.now = options.now ?? Date.now
  }

  /** GET /v1/billing/subscriptions/{id}; null when PayPal has no such subscription. */
  async getSubscription(id: string): Promise<PaypalSubscription | null> {
    try {
      return (await this.call('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`)) as PaypalSubscription
    } catch (error) {
      if (error instanceof PaypalRequestError && error.status === 404) return null
      throw error
    }
  }

  /** POST /v1/billing/subscriptions/{id}/cancel; false when it was no longer active (already cancelled or expired). */
  async cancelSubscription(id: string, reason: string): Promise<boolean> {
    try {
      await this.call('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, JSON.stringify({ reason }))
      return true
    } catch (error) {
      if (error instanceof PaypalRequestError && error.status === 422) return false
      throw error
    }
  }

  /**
   * POST /v1/notifications/verify-webhook-signature. The event goes back exactly as it arrived
   * (its raw text spliced in): re-serialising it could change the bytes PayPal signed.
   */
  async verifyWebhookSignature(transmission: WebhookTransmission, rawEvent: string): Promise<boolean> {
    const head = JSON.stringify({
      auth_algo: transmission.authAlgo,
      cert_url: transmission.certUrl,
      transmission_id: transmission.transmissionId,
      transmission_sig: transmission.transmissionSig,
      transmission_time: transmission.transmissionTime,
      webhook_id: this.config.webhookId,
    })
    const body = `${head.slice(0, -1)},"webhook_event":${rawEvent}}`
    const result = (await this.call('POST', '/v1/notifications/verify-webhook-signature', body)) as { verification_status?: string }
    return result.verification_status === 'SUCCESS'
  }

  private async token(): Promise<string> {
    const key = `${this.config.apiBase}|${this.config.clientId}`
    const cached = tokens.get(key)
    if (cached && cached.expiresAt > this.now()) return cached.value
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64')
    const body = (await this.send('POST', '/v1/oauth2/token', 'grant_type=client_credentials', {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    })) as { access_token?: string; expires_in?: number }
    if (!body.access_token) throw new PaypalUnavailableError('token reply without access_token')
    const lifetimeMs = Math.max(0, Number(body.expires_in ?? 0) * 1000 - TOKEN_MARGIN_MS)
    tokens.set(key, { value: body.access_token, expiresAt: this.now() + lifetimeMs })
    return body.access_token
  }

  private async call(method: string, path: string, body?: string): Promise<unknown> {
    const headers = { authorization: `Bearer ${await this.token()}`, 'content-type': 'application/json' }
    try {
      return await this.send(method, path, body, headers)
    } catch (error) {
      // A token PayPal revoked early: fetch a fresh one once.
      if (!(error instanceof PaypalRequestError && error.status === 401)) throw error
      tokens.delete(`${this.config.apiBase}|${this.config.clientId}`)
      return this.send(method, path, body, { ...headers, authorization: `Bearer ${await this.token()}` })
    }
  }

  private async send(method: string, path: string, body: string | undefined, headers: Record<string, string>): Promise<unknown> {
    let response: Response
    let text: string
    try {
      response = await this.fetch(this.config.apiBase + path, {
        method,
        headers: { accept: 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      })
      text = await response.text()
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `timed out after ${this.timeoutMs} ms` : 'network error'
      throw new PaypalUnavailableError(`${method} ${path}: ${reason}`)
    }
    if (response.status >= 500) throw new PaypalUnavailableError(`${method} ${path}: PayPal answered ${response.status}`)
    let parsed: unknown = null
    if (text) {
      try {
        parsed = JSON.parse(text)
      } catch {
        throw new PaypalUnavailableError(`${method} ${path}: reply is not JSON (${response.status})`)
      }
    }
    if (response.status >= 400) {
      const error = (parsed ?? {}) as { name?: string; error?: string; details?: { issue?: string }[] }
      throw new PaypalRequestError(response.status, error.name ?? error.error ?? 'ERROR', error.details?.[0]?.issue ?? null)
    }
    return parsed ?? {}
  }
}

/** Amounts as integer cents: "4.99" → 499, never through floating point. */
export function toCents(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2})\d*)?$/.exec(value.trim())
  if (!match) throw new Error(`not an amount: ${value}`)
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}
