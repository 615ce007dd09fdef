import { createHmac } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { forgetRevokedSession, isSessionRevoked, revokeSessionId, verifiedTokenClaims } from './revoked-sessions'

const sign = (claims: object, secret: string) => {
  const head = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${head}.${body}.${createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')}`
}

describe('revoked sessions', () => {
  it('are refused until their token would have expired, or until the database forgets them', () => {
    revokeSessionId('sid-a', 2_000)
    expect(isSessionRevoked('sid-a', 1_000)).toBe(true)
    expect(isSessionRevoked('sid-a', 2_000)).toBe(false)
    revokeSessionId('sid-b', Date.now() + 60_000)
    expect(isSessionRevoked('sid-b')).toBe(true)
    forgetRevokedSession('sid-b')
    expect(isSessionRevoked('sid-b')).toBe(false)
    expect(isSessionRevoked(undefined)).toBe(false)
  })

  it('read a session id only from a token this server signed and that has not expired', () => {
    const exp = Math.floor(Date.now() / 1000) + 60
    expect(verifiedTokenClaims(sign({ sid: 's1', exp }, 'secret'), 'secret')).toEqual({ sid: 's1', expiresAt: exp * 1000 })
    expect(verifiedTokenClaims(sign({ sid: 's1', exp }, 'other'), 'secret')).toBeNull()
    expect(verifiedTokenClaims(sign({ sid: 's1', exp: exp - 120 }, 'secret'), 'secret')).toBeNull()
    expect(verifiedTokenClaims('not.a.token', 'secret')).toBeNull()
    expect(verifiedTokenClaims(null, 'secret')).toBeNull()
  })
})
