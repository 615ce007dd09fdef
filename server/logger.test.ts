import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { Writable } from 'node:stream'

import { APIError, Forbidden, QueryError } from 'payload'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'

import { createAccessLog, createLogger, createRepeatLimiter, routeConsoleThroughLogger, withRequestContext } from './logger'

function capture({ windowMs = 10_000 } = {}) {
  const lines: string[] = []
  let now = 1_000_000
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  const logger = createLogger({ level: 'info', destination, repeatWindowMs: windowMs, now: () => now })
  return {
    logger,
    lines,
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, any>),
    advance: (ms: number) => (now += ms),
  }
}

const HASH = '9f'.repeat(512)
const SALT = '0a'.repeat(32)
const TOKEN = '7c'.repeat(20)
const EMAIL = 'member@example.org'

/** The error Payload's adapter throws when a write to a user row fails (DrizzleQueryError + pg cause). */
function failedUserWrite() {
  const cause = new pg.DatabaseError('value too long for type character varying(255)', 100, 'error')
  Object.assign(cause, { code: '22001', detail: `Failing row contains (7, ${EMAIL}, ${SALT}, ${HASH}).` })
  const error = new Error(`Failed query: update "users" set "salt" = $1, "hash" = $2, "reset_password_token" = $3, "email" = $4\nparams: ${SALT},${HASH},${TOKEN},${EMAIL}`)
  Object.assign(error, { name: 'DrizzleQueryError', query: 'update "users" …', params: [SALT, HASH, TOKEN, EMAIL], cause })
  return error
}

describe('the logger', () => {
  it('never writes a hash, salt, token or email, however the error is logged', () => {
    const { logger, lines } = capture()
    logger.error({ err: failedUserWrite() }) // Payload's routeError → logError
    logger.error(failedUserWrite(), 'second form') // Payload's uploadFiles: logger.error(err)
    logger.error({ err: failedUserWrite(), msg: 'object form with msg' })
    logger.warn({ user: { email: EMAIL, hash: HASH, salt: SALT, resetPasswordToken: TOKEN } }, 'user %s', EMAIL)
    expect(lines.length).toBeGreaterThanOrEqual(3)
    for (const line of lines) for (const secret of [HASH, SALT, TOKEN, EMAIL]) expect(line).not.toContain(secret)
  })

  it('logs a refused request on one line with its status, message and path, without a stack, as a warning', () => {
    const { logger, entries } = capture()
    withRequestContext({ method: 'GET', path: '/cms/api/comments' }, () => logger.error({ err: new QueryError([{ path: 'author.sessions.id' }]) }))
    logger.info({ err: new Forbidden() })
    const [refused, forbidden] = entries()
    expect(refused).toMatchObject({
      level: 40,
      status: 400,
      method: 'GET',
      path: '/cms/api/comments',
      err: { type: 'QueryError', message: 'The following path cannot be queried: author.sessions.id' },
      msg: 'The following path cannot be queried: author.sessions.id',
    })
    expect(refused!.err.stack).toBeUndefined()
    expect(forbidden).toMatchObject({ level: 30, status: 403 })
    expect(forbidden!.err.stack).toBeUndefined()
  })

  it('keeps the stack of a real failure', () => {
    const { logger, entries } = capture()
    logger.error({ err: new APIError('boom', 500) })
    logger.error({ err: new Error('plain failure') })
    const [apiError, plain] = entries()
    expect(apiError!.err.stack).toMatch(/\n\s+at /)
    expect(plain!.err.stack).toMatch(/\n\s+at /)
    expect(apiError!.level).toBe(50)
  })

  it('logs the same error once per window, then says how many were held back', () => {
    const { logger, entries, advance } = capture({ windowMs: 10_000 })
    const makeError = () => new Error('database is away')
    const throwSite = () => makeError()
    const fail = () => logger.error({ err: throwSite() })
    for (let i = 0; i < 5; i++) fail()
    logger.error({ err: new Error('another failure') })
    expect(entries().map((e) => e.msg)).toEqual(['database is away', 'another failure'])
    advance(9_000)
    fail()
    expect(entries()).toHaveLength(2)
    advance(2_000)
    fail()
    expect(entries()).toHaveLength(3)
    expect(entries()[2]).toMatchObject({ msg: 'database is away', repeated: 5 })
    advance(11_000)
    fail()
    expect(entries()[3]!.repeated).toBeUndefined()
  })

  it('does not hold back ordinary lines that carry no error', () => {
    const { logger, entries } = capture()
    for (let i = 0; i < 3; i++) logger.warn({ path: '/x', status: 404 }, 'request')
    expect(entries()).toHaveLength(3)
  })
})

describe('createRepeatLimiter', () => {
  it('with a zero window logs everything', () => {
    const limiter = createRepeatLimiter({ windowMs: 0 })
    expect([limiter.take('a'), limiter.take('a')]).toEqual([
      { log: true, repeated: 0 },
      { log: true, repeated: 0 },
    ])
  })

  it('forgets the oldest fingerprints beyond its bound', () => {
    let now = 0
    const limiter = createRepeatLimiter({ windowMs: 1000, now: () => now })
    for (let i = 0; i < 1001; i++) limiter.take(`f${i}`)
    now = 1
    expect(limiter.take('f0').log).toBe(true) // evicted, so logged again
    expect(limiter.take('f1000').log).toBe(false)
  })
})

describe('routeConsoleThroughLogger', () => {
  const original = { error: console.error, warn: console.warn }
  afterEach(() => {
    console.error = original.error
    console.warn = original.warn
    delete (console as unknown as Record<symbol, unknown>)[Symbol.for('voices.console-routed')]
  })

  it('scrubs what Astro and Next.js print and holds back their repeats', () => {
    const { logger, lines } = capture()
    routeConsoleThroughLogger(logger)
    const stackText = String(failedUserWrite().stack)
    console.error(`21:33:42 [ERROR] ${stackText}`)
    console.error(`21:33:43 [ERROR] ${stackText}`) // the same failure a second later
    console.error('[ERROR]', failedUserWrite())
    expect(lines).toHaveLength(2)
    for (const line of lines) for (const secret of [HASH, SALT, TOKEN, EMAIL]) expect(line).not.toContain(secret)
  })
})

describe('the access log', () => {
  const capture = (level: string) => {
    const lines: Record<string, unknown>[] = []
    const destination = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
        done()
      },
    })
    return { lines, logRequest: createAccessLog({ level, destination }) }
  }

  it('writes one line per request with its method, path, status, time and address, at the level its status gives', async () => {
    const { lines, logRequest } = capture('info')
    logRequest({ method: 'GET', path: '/post/hello', status: 200, ms: 1.5, ip: '203.0.113.9' })
    logRequest({ method: 'POST', path: '/api/comments', status: 429, ms: 0.4, ip: '203.0.113.9' })
    logRequest({ method: 'GET', path: '/video/x', status: 503, ms: 2, ip: undefined })
    await new Promise((r) => setImmediate(r))
    expect(lines.map(({ level, method, path, status, ms, ip, msg, service }) => ({ level, method, path, status, ms, ip, msg, service }))).toEqual([
      { level: 30, method: 'GET', path: '/post/hello', status: 200, ms: 1.5, ip: '203.0.113.9', msg: 'request', service: 'web' },
      { level: 40, method: 'POST', path: '/api/comments', status: 429, ms: 0.4, ip: '203.0.113.9', msg: 'request', service: 'web' },
      { level: 50, method: 'GET', path: '/video/x', status: 503, ms: 2, ip: undefined, msg: 'request', service: 'web' },
    ])
  })

  it('never writes a token a path carries', async () => {
    const { lines, logRequest } = capture('info')
    logRequest({ method: 'GET', path: `/reset-password/${TOKEN}${TOKEN}`, status: 200, ms: 1, ip: '127.0.0.1' })
    await new Promise((r) => setImmediate(r))
    expect(lines).toHaveLength(1)
    expect(JSON.stringify(lines[0])).not.toContain(TOKEN)
  })

  it('leaves out what the level leaves out: at warn, only refused and failed requests', async () => {
    const { lines, logRequest } = capture('warn')
    logRequest({ method: 'GET', path: '/', status: 200, ms: 1, ip: '127.0.0.1' })
    logRequest({ method: 'GET', path: '/missing', status: 404, ms: 1, ip: '127.0.0.1' })
    await new Promise((r) => setImmediate(r))
    expect(lines.map((l) => l.path)).toEqual(['/missing'])
  })
})

describe('standard output', () => {
  it('still gets every line logged just before the process exits', () => {
    const script = "import('./server/logger.ts').then(({ logger }) => { for (let i = 0; i < 200; i++) logger.warn({ i }, 'last words'); process.exit(3) })"
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: path.resolve(import.meta.dirname, '..'), encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'warn' } })
    expect(run.status).toBe(3)
    const lines = run.stdout.split('\n').filter((line) => line.includes('last words'))
    expect(lines).toHaveLength(200)
    expect(JSON.parse(lines[199]!)).toMatchObject({ i: 199, msg: 'last words' })
  })
})
