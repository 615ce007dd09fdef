import { describe, expect, it } from 'vitest'

import { ServiceError } from '../errors'
import { parseLoginBody } from './login-body'

const status = (run: Promise<unknown>) => run.then(() => 200, (error: unknown) => (error instanceof ServiceError ? error.status : 500))

describe('parseLoginBody', () => {
  it('reads JSON, urlencoded forms and Payload admin multipart forms with a _payload field', async () => {
    const expected = { username: 'jane', password: ' pw ' }
    expect(await parseLoginBody(JSON.stringify(expected), 'application/json')).toEqual(expected)
    expect(await parseLoginBody('username=jane&password=+pw+', 'application/x-www-form-urlencoded')).toEqual(expected)
    const form = new FormData()
    form.set('_payload', JSON.stringify(expected))
    const request = new Request('http://x', { method: 'POST', body: form })
    const body = Buffer.from(await request.arrayBuffer())
    expect(await parseLoginBody(body, request.headers.get('content-type'))).toEqual(expected)
  })

  it('answers 400 for bodies no account can match: not JSON, wrong types, NUL bytes, unpaired surrogates', async () => {
    const bodies = [
      '{"username":',
      'null',
      '[]',
      '{"username":1,"password":2}',
      '{"username":{"$ne":""},"password":"x"}',
      JSON.stringify({ username: 'ja\u0000ne', password: 'x' }),
      JSON.stringify({ username: 'jane', password: 'p\u0000w' }),
      '{"username":"ja\\ud800ne","password":"x"}',
      '{"username":"jane","password":"\\udfff"}',
      JSON.stringify({ username: 'jane', password: 'x'.repeat(5000) }),
    ]
    for (const body of bodies) expect(await status(parseLoginBody(body, 'application/json')), body.slice(0, 60)).toBe(400)
    expect(await status(parseLoginBody('--x\r\nbroken', 'multipart/form-data; boundary=y'))).toBe(400)
  })
})
