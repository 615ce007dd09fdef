import { createHmac, timingSafeEqual } from 'node:crypto'

/** How long a shared preview link works unless the caller asks otherwise. */
export const PREVIEW_TTL_SECONDS = 7 * 24 * 60 * 60

const PURPOSE = 'post-preview:v1'
const TOKEN_PATTERN = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/

export type PreviewTokenCheck = { ok: true; postId: number; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' }

/**
 * The signing key: PREVIEW_SECRET when set (rotating it revokes every shared link without touching
 * sessions), else derived from PAYLOAD_SECRET for this purpose only.
 */
export function previewSecret(env: { PREVIEW_SECRET?: string; PAYLOAD_SECRET?: string } = process.env as { PREVIEW_SECRET?: string; PAYLOAD_SECRET?: string }): string {
  const own = env.PREVIEW_SECRET?.trim()
  if (own) return own
  const base = env.PAYLOAD_SECRET ?? ''
  if (!base) throw new Error('PAYLOAD_SECRET (or PREVIEW_SECRET) is required to sign preview links')
  return createHmac('sha256', base).update(PURPOSE).digest('base64url')
}

const sign = (secret: string, postId: number, expires: number) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${postId}.${expires}`).digest('base64url')

/** `{postId}.{expiry, unix seconds}.{HMAC-SHA256}`: names one post, works until it expires. */
export function createPreviewToken(
  { postId, ttlSeconds = PREVIEW_TTL_SECONDS, now = new Date() }: { postId: number; ttlSeconds?: number; now?: Date },
  secret: string = previewSecret(),
): string {
  if (!Number.isSafeInteger(postId) || postId <= 0) throw new Error('a preview token names an existing post id')
  const expires = Math.floor(now.getTime() / 1000) + Math.max(1, Math.floor(ttlSeconds))
  return `${postId}.${expires}.${sign(secret, postId, expires)}`
}

/**
 * The signature is checked first (constant-time), so 'expired' is only said of a token this server
 * signed; anything malformed, re-signed or edited is 'invalid'.
 */
export function verifyPreviewToken(token: string, { now = new Date() }: { now?: Date } = {}, secret: string = previewSecret()): PreviewTokenCheck {
  const match = TOKEN_PATTERN.exec(token)
  if (!match) return { ok: false, reason: 'invalid' }
  const postId = Number(match[1])
  const expires = Number(match[2])
  // The signature's text, compared as written: decoding first would accept other spellings of the
  // same bytes (base64url's last character carries 2 unused bits, so 'A' and 'B' can decode alike).
  const given = Buffer.from(match[3]!, 'utf8')
  const expected = Buffer.from(sign(secret, postId, expires), 'utf8')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' }
  if (expires * 1000 <= now.getTime()) return { ok: false, reason: 'expired' }
  return { ok: true, postId, expiresAt: new Date(expires * 1000) }
}
