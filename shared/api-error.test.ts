import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiError, fieldErrors, formatApiError, messageFromApiError, statusFromApiError, throwIfNotOk } from './api-error'

describe('formatApiError', () => {
  it('is status, colon, space and the body text', () => {
    expect(formatApiError(401, 'Unauthorized', '{"error":"Invalid credentials"}')).toBe(
      '401: {"error":"Invalid credentials"}',
    )
  })

  it('falls back to the status text when the body is empty', () => {
    expect(formatApiError(404, 'Not Found', '')).toBe('404: Not Found')
  })
})

describe('messageFromApiError', () => {
  it("shows the server's { error } text", () => {
    expect(messageFromApiError(new ApiError(401, 'Unauthorized', '{"error":"Invalid username or password"}'))).toBe(
      'Invalid username or password',
    )
  })

  it('shows a { message } text', () => {
    expect(messageFromApiError(new Error('409: {"message":"Username already taken"}'))).toBe('Username already taken')
  })

  it("reads Payload's { errors: [{ message }] } shape", () => {
    expect(messageFromApiError(new Error('403: {"errors":[{"message":"You are not allowed"}]}'))).toBe(
      'You are not allowed',
    )
  })

  it('falls back to the raw message when the body is not JSON', () => {
    expect(messageFromApiError(new Error('500: Internal Server Error'))).toBe('500: Internal Server Error')
    expect(messageFromApiError(new Error('Network down'))).toBe('Network down')
  })

  it('keeps a message containing "already bookmarked" detectable', () => {
    expect(messageFromApiError(new Error('409: {"error":"Content already bookmarked"}'))).toContain('already bookmarked')
  })
})

describe('throwIfNotOk', () => {
  it('raises an ApiError with the status and body text', async () => {
    const res = new Response('{"error":"Nope"}', { status: 400, statusText: 'Bad Request' })
    const err = await throwIfNotOk(res).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect((err as Error).message).toBe('400: {"error":"Nope"}')
    expect(statusFromApiError(err)).toBe(400)
  })

  it('uses the status text for an empty body', async () => {
    const err = await throwIfNotOk(new Response('', { status: 502, statusText: 'Bad Gateway' })).catch((e: unknown) => e)
    expect((err as Error).message).toBe('502: Bad Gateway')
  })

  it('passes ok responses', async () => {
    await expect(throwIfNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined()
  })
})

describe('fieldErrors', () => {
  it('keeps the first message per field', () => {
    const schema = z.object({ a: z.string().min(2, 'too short').regex(/x/, 'needs x'), b: z.number() })
    const result = schema.safeParse({ a: '', b: 'x' })
    expect(result.success).toBe(false)
    if (!result.success) expect(fieldErrors(result.error).a).toBe('too short')
  })
})
