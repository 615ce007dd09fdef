import { describe, expect, it } from 'vitest'

import { createPreviewToken, PREVIEW_TTL_SECONDS, previewSecret, verifyPreviewToken } from './token'

const secret = 'test-preview-secret'
const now = new Date('2026-11-25T10:00:00.000Z')

describe('preview tokens', () => {
  it('a fresh token names its post and expires after the default week', () => {
    const token = createPreviewToken({ postId: 42, now }, secret)
    const check = verifyPreviewToken(token, { now }, secret)
    expect(check).toEqual({ ok: true, postId: 42, expiresAt: new Date(now.getTime() + PREVIEW_TTL_SECONDS * 1000) })
  })

  it('is expired from its expiry time on, and only then', () => {
    const token = createPreviewToken({ postId: 7, ttlSeconds: 60, now }, secret)
    expect(verifyPreviewToken(token, { now: new Date(now.getTime() + 59_000) }, secret).ok).toBe(true)
    expect(verifyPreviewToken(token, { now: new Date(now.getTime() + 60_000) }, secret)).toEqual({ ok: false, reason: 'expired' })
  })

  it('refuses a token for another post, a pushed-back expiry, another key and garbage', () => {
    const token = createPreviewToken({ postId: 7, now }, secret)
    const [, expires, signature] = token.split('.')
    expect(verifyPreviewToken(`8.${expires}.${signature}`, { now }, secret)).toEqual({ ok: false, reason: 'invalid' })
    expect(verifyPreviewToken(`7.${Number(expires) + 3600}.${signature}`, { now }, secret)).toEqual({ ok: false, reason: 'invalid' })
    expect(verifyPreviewToken(token, { now }, 'another-secret')).toEqual({ ok: false, reason: 'invalid' })
    const flipped = signature!.slice(0, -1) + (signature!.endsWith('A') ? 'B' : 'A')
    expect(verifyPreviewToken(`7.${expires}.${flipped}`, { now }, secret)).toEqual({ ok: false, reason: 'invalid' })
    for (const junk of ['', '1', 'a.b.c', `7.${expires}`, `${token}.x`, `-7.${expires}.${signature}`, '\u0000']) {
      expect(verifyPreviewToken(junk, { now }, secret)).toEqual({ ok: false, reason: 'invalid' })
    }
  })

  it('refuses another spelling of the same signature bytes (base64url padding bits in the last character)', () => {
    // 32 bytes are 43 characters whose last carries 4 bits and 2 unused ones: flipping the lowest
    // gives a string that decodes to the very same bytes.
    const token = createPreviewToken({ postId: 7, now }, secret)
    const signature = token.split('.')[2]!
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const respelled = signature.slice(0, -1) + alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1]
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(signature, 'base64url'))
    expect(verifyPreviewToken(token.replace(/[^.]+$/, respelled), { now }, secret)).toEqual({ ok: false, reason: 'invalid' })
  })

  it('an expired token that was tampered with is invalid, not expired', () => {
    const token = createPreviewToken({ postId: 7, ttlSeconds: 1, now }, secret)
    const later = { now: new Date(now.getTime() + 10_000) }
    expect(verifyPreviewToken(token.replace(/^7\./, '9.'), later, secret)).toEqual({ ok: false, reason: 'invalid' })
  })

  it('signs with PREVIEW_SECRET when set, else a key derived from PAYLOAD_SECRET (never the raw secret)', () => {
    expect(previewSecret({ PREVIEW_SECRET: 'own', PAYLOAD_SECRET: 'p' })).toBe('own')
    const derived = previewSecret({ PAYLOAD_SECRET: 'p' })
    expect(derived).not.toBe('p')
    expect(derived).toBe(previewSecret({ PAYLOAD_SECRET: 'p' }))
    expect(() => previewSecret({})).toThrow(/PAYLOAD_SECRET/)
  })
})
