import { afterEach, describe, expect, it } from 'vitest'

import { loginWaitSeconds, recordLoginFailure } from './login-throttle'
import { clearThrottleOnNewPassword, guardPasswordReset, PASSWORD_RESET_OFF, refusePayloadLogin } from './password-reset'

const logger = { warn: () => undefined, info: () => undefined }
const req = { payload: { logger }, user: { id: 1 } } as never
const run = (hook: typeof guardPasswordReset, operation: string, data: Record<string, unknown> = {}) =>
  Promise.resolve()
    .then(() => hook({ args: { data }, operation, req } as never))
    .then(
      () => 200,
      (error: { status?: number; message?: string }) => error.status ?? 500,
    )

afterEach(() => {
  delete process.env.PASSWORD_RESET
})

describe('password reset switch', () => {
  it('refuses forgot-password and reset-password with 404 while PASSWORD_RESET is not true', async () => {
    expect(await run(guardPasswordReset, 'forgotPassword', { username: 'jane' })).toBe(404)
    expect(await run(guardPasswordReset, 'resetPassword', { token: 'x', password: 'y' })).toBe(404)
    expect(await run(guardPasswordReset, 'update')).toBe(200)
    expect(PASSWORD_RESET_OFF).toMatch(/admin/)
  })

  it('when on, lets reset through and limits forgot-password per account name', async () => {
    process.env.PASSWORD_RESET = 'true'
    expect(await run(guardPasswordReset, 'resetPassword', { token: 'x', password: 'y' })).toBe(200)
    const name = `reset_${Math.random().toString(16).slice(2)}`
    const statuses = []
    for (let i = 0; i < 6; i++) statuses.push(await run(guardPasswordReset, 'forgotPassword', { username: i % 2 ? name.toUpperCase() : name }))
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })
})

describe('Payload’s own login operation', () => {
  it('is refused: sign-in goes through signIn, so Payload’s account lock is never reached', async () => {
    expect(await run(refusePayloadLogin, 'login', { username: 'jane', password: 'x' })).toBe(404)
    expect(await run(refusePayloadLogin, 'create')).toBe(200)
    const firstUser = { ...(req as object), pathname: '/cms/api/users/first-register' } as never
    expect(refusePayloadLogin({ args: { data: {} }, operation: 'login', req: firstUser } as never)).toEqual({ data: {} })
  })
})

describe('a new password set by an admin', () => {
  it('clears every held-back address of the account', async () => {
    const username = `owner_${Math.random().toString(16).slice(2)}`
    for (let i = 0; i < 5; i++) await recordLoginFailure(null, username, 'ip-a')
    expect(await loginWaitSeconds(null, username, 'ip-a')).toBeGreaterThan(0)
    await clearThrottleOnNewPassword({ data: { password: 'new-one-123' }, operation: 'update', originalDoc: { id: 1, username }, req } as never)
    expect(await loginWaitSeconds(null, username, 'ip-a')).toBe(0)
  })
})
