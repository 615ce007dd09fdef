import { randomBytes, timingSafeEqual } from 'node:crypto'

/** A new secret stream key: 'live_' and 32 URL-safe characters (192 bits), what OBS accepts as a key. */
export const newStreamKey = (): string => `live_${randomBytes(24).toString('base64url')}`

export const STREAM_KEY_PATTERN = /^live_[A-Za-z0-9_-]{32}$/

/** Compares keys in constant time (a wrong key's timing says nothing about the right one). */
export function sameKey(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
