import type { AddressInfo } from 'node:net'

import express from 'express'
import { describe, expect, it } from 'vitest'

import { errorStatus, handleUnexpectedError, isDatabaseUnavailable } from './error-page'

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })

describe('isDatabaseUnavailable / errorStatus', () => {
  it.each([
    [refused, true],
    [Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }), true],
    [new Error('Failed query: select 1\nparams: ', { cause: new Error('Connection terminated unexpectedly') }), true],
    [new Error('Failed query: select 1', { cause: refused }), true],
    [new Error('boom'), false],
    [null, false],
  ])('%s → %s', (error, expected) => expect(isDatabaseUnavailable(error)).toBe(expected))

  it('503 for an absent database, the error’s own 4xx, else 500', () => {
    expect(errorStatus(refused)).toBe(503)
    expect(errorStatus(Object.assign(new Error('too large'), { status: 413 }))).toBe(413)
    expect(errorStatus(Object.assign(new Error('x'), { status: 502 }))).toBe(500)
    expect(errorStatus(new Error('boom'))).toBe(500)
  })
})

describe('the Express error handler', () => {
  async function request(path: string, error: unknown, accept = 'text/html') {
    const app = express()
    app.use(() => {
      throw error
    })
    app.use(handleUnexpectedError)
    const server = app.listen(0)
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { headers: { accept } })
      return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text(), retryAfter: res.headers.get('retry-after') }
    } finally {
      server.close()
    }
  }

  it('answers a browser with a small HTML page, never the error itself', async () => {
    const res = await request('/videos', new Error('Failed query: select secret\nparams: hunter2'))
    expect(res.status).toBe(500)
    expect(res.type).toMatch(/text\/html/)
    expect(res.text).toContain('<h1>Something Went Wrong</h1>')
    expect(res.text).not.toMatch(/hunter2|Failed query|at /)
  })

  it('503 with Retry-After while the database is away', async () => {
    const res = await request('/', refused)
    expect(res.status).toBe(503)
    expect(res.retryAfter).toBe('5')
    expect(res.text).toContain('Temporarily Unavailable')
  })

  it.each(['/api/videos', '/cms/api/users', '/media/videos/x.mp4'])('answers %s with JSON { error }', async (path) => {
    const res = await request(path, new Error('boom'))
    expect(res.status).toBe(500)
    expect(res.type).toMatch(/json/)
    expect(JSON.parse(res.text)).toEqual({ error: 'Something went wrong on our side. Please try again.' })
  })

  it('answers a client that does not take HTML with JSON', async () => {
    const res = await request('/feed', new Error('boom'), 'application/json')
    expect(res.type).toMatch(/json/)
  })
})
