import pg from 'pg'
import { describe, expect, it } from 'vitest'

import { REDACTED, scrubError, scrubText, scrubValue } from './log-redaction'

const HASH = 'ab12'.repeat(256)
const SALT = 'cd34'.repeat(16)
const RESET_TOKEN = 'ef56'.repeat(10)
const SESSION_ID = '3f2b8c1e-4d5a-4e6f-9a7b-1c2d3e4f5a6b'
const EMAIL = 'someone.private@example.org'
const DATE_OF_BIRTH = '1999-04-12'
const SECRETS = [HASH, SALT, RESET_TOKEN, SESSION_ID, EMAIL, DATE_OF_BIRTH]

/** drizzle-orm's DrizzleQueryError, as Payload's adapter throws it. */
class DrizzleQueryError extends Error {
  constructor(
    public query: string,
    public params: unknown[],
    cause?: unknown,
  ) {
    super(`Failed query: ${query}\nparams: ${params}`)
    this.cause = cause
  }
}

const pgUniqueViolation = () => {
  const error = new pg.DatabaseError('duplicate key value violates unique constraint "users_email_idx"', 100, 'error')
  Object.assign(error, { code: '23505', detail: `Key (email)=(${EMAIL}) already exists.`, constraint: 'users_email_idx', table: 'users' })
  return error
}

const failedUserWrite = () =>
  new DrizzleQueryError(
    'update "users" set "email" = $1, "date_of_birth" = $2, "reset_password_token" = $3, "salt" = $4, "hash" = $5 where "users"."id" = $6',
    [EMAIL, DATE_OF_BIRTH, RESET_TOKEN, SALT, HASH, 7],
    pgUniqueViolation(),
  )

describe('scrubText', () => {
  it('drops the values after "params:" up to the stack frames', () => {
    const error = failedUserWrite()
    const scrubbed = scrubText(String(error.stack))
    for (const secret of SECRETS) expect(scrubbed).not.toContain(secret)
    expect(scrubbed).toContain(`params: ${REDACTED}`)
    expect(scrubbed).toMatch(/\n\s+at /) // the frames stay
    expect(scrubbed).toContain('update "users" set "email" = $1') // the query without its values stays
  })

  it('drops the values of a multi-line parameter', () => {
    expect(scrubText(`Failed query: insert into comments\nparams: first line\nsecond ${EMAIL}\n    at x (y.js:1:1)`)).toBe(
      `Failed query: insert into comments\nparams: ${REDACTED}\n    at x (y.js:1:1)`,
    )
  })

  it.each([
    [`Key (email)=(${EMAIL}) already exists.`, `Key (email)=(${REDACTED}) already exists.`],
    ['Key (username)=(o(dd)name) is not present in table "users".', `Key (username)=(${REDACTED}) is not present in table "users".`],
    [`Failing row contains (7, ${EMAIL}, null).`, `Failing row contains (${REDACTED}).`],
    ['cookie: payload-token=eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.c2lnbmF0dXJl; other=1', `cookie: payload-token=${REDACTED}; other=1`],
    ['Authorization: Bearer abc.def.ghi', `Authorization: Bearer ${REDACTED}`],
    [`session ${SESSION_ID} refused`, `session ${REDACTED} refused`],
    [`reset token ${RESET_TOKEN}`, `reset token ${REDACTED}`],
    ['GET /api/videos?limit=10 200', 'GET /api/videos?limit=10 200'],
  ])('%s', (input, expected) => expect(scrubText(input)).toBe(expected))
})

describe('scrubError', () => {
  it('keeps what describes the failure and drops its values, through the cause', () => {
    const scrubbed = scrubError(failedUserWrite())
    const text = JSON.stringify(scrubbed)
    for (const secret of SECRETS) expect(text).not.toContain(secret)
    expect(scrubbed).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '23505', constraint: 'users_email_idx', table: 'users' } })
    expect(scrubbed).not.toHaveProperty('params')
    expect((scrubbed.cause as { detail: string }).detail).toBe(`Key (email)=(${REDACTED}) already exists.`)
  })

  it('leaves the stack out when asked', () => {
    const scrubbed = scrubError(new Error('refused'), { stack: false })
    expect(scrubbed).toMatchObject({ type: 'Error', message: 'refused' })
    expect(scrubbed.stack).toBeUndefined()
  })
})

describe('scrubValue', () => {
  it('redacts known fields at any depth and in any spelling', () => {
    const user = { id: 7, username: 'amara', email: EMAIL, dateOfBirth: DATE_OF_BIRTH, hash: HASH, salt: SALT, resetPasswordToken: RESET_TOKEN, sessions: [{ id: SESSION_ID }] }
    const scrubbed = scrubValue({ doc: { user }, headers: { Cookie: 'payload-token=x', 'set-cookie': ['a=b'] }, date_of_birth: DATE_OF_BIRTH })
    expect(JSON.stringify(scrubbed)).not.toMatch(new RegExp(SECRETS.map((s) => s.replace(/[.]/g, '\\.')).join('|')))
    expect(scrubbed).toMatchObject({ doc: { user: { id: 7, username: 'amara', email: REDACTED, hash: REDACTED, sessions: REDACTED } }, headers: { Cookie: REDACTED } })
  })

  it('survives cycles and deep nesting', () => {
    const a: Record<string, unknown> = { name: 'a' }
    a.self = a
    let deep: Record<string, unknown> = { password: 'x' }
    for (let i = 0; i < 20; i++) deep = { next: deep }
    expect(() => JSON.stringify(scrubValue({ a, deep }))).not.toThrow()
    expect(JSON.stringify(scrubValue({ a, deep }))).not.toContain('"x"')
  })
})
