import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const auth = vi.hoisted(() => ({
  executeAuthStrategies: vi.fn(),
  extractJWT: vi.fn(),
}))
vi.mock('payload', () => ({
  createLocalReq: vi.fn(async (options: { req?: object }) => ({ ...options.req })),
  executeAuthStrategies: auth.executeAuthStrategies,
  extractJWT: auth.extractJWT,
}))

const { findSessionUser, sessionCache, sessionEndsAt, watchSessionSources } = await import('./session-cache')

const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`
const inAnHour = Math.floor(Date.now() / 1000) + 3600

const fakeDb = () => ({
  sessions: {} as Record<string, { resolve: () => Promise<void>; reject: () => Promise<void> }>,
  create: vi.fn(async (_args: unknown) => ({})),
  updateOne: vi.fn(async (_args: unknown) => ({})),
  updateMany: vi.fn(async (_args: unknown) => []),
  deleteOne: vi.fn(async (_args: unknown) => ({})),
  deleteMany: vi.fn(async (_args: unknown) => undefined),
  upsert: vi.fn(async (_args: unknown) => ({})),
})

describe('watchSessionSources', () => {
  it('reports writes to users and avatars (profile pictures), not to other collections, once wrapped', async () => {
    const db = fakeDb()
    const onWrite = vi.fn()
    const watched = new WeakSet<object>()
    watchSessionSources(db, onWrite, watched)
    watchSessionSources(db, onWrite, watched) // a second call wraps nothing more
    await db.updateOne({ collection: 'users', id: 1 })
    await db.deleteOne({ collection: 'avatars' })
    await db.updateOne({ collection: 'media', id: 2 })
    await db.create({ collection: 'posts' })
    expect(onWrite).toHaveBeenCalledTimes(2)
  })

  it('reports a failed write too, and a write in a transaction again when it commits', async () => {
    const db = fakeDb()
    db.updateMany.mockRejectedValueOnce(new Error('db down')) // before wrapping: the wrapper calls this mock
    const onWrite = vi.fn()
    watchSessionSources(db, onWrite)
    const session = { resolve: vi.fn(async () => undefined), reject: vi.fn(async () => undefined) }
    db.sessions.tx = session
    await db.updateOne({ collection: 'users', req: { transactionID: 'tx', payload: { db } } })
    expect(onWrite).toHaveBeenCalledTimes(1)
    await db.sessions.tx!.resolve()
    expect(onWrite).toHaveBeenCalledTimes(2)
    await expect(db.updateMany({ collection: 'users' })).rejects.toThrow('db down')
    expect(onWrite).toHaveBeenCalledTimes(3)
  })
})

describe('sessionEndsAt', () => {
  it('is the token expiry, or the session end when that is sooner', () => {
    expect(sessionEndsAt(jwt({ exp: 2_000_000_000 }), null)).toBe(2_000_000_000_000)
    const user = { _sid: 's1', sessions: [{ id: 's0', expiresAt: '2020-01-01T00:00:00Z' }, { id: 's1', expiresAt: '2033-05-18T03:33:19.000Z' }] }
    expect(sessionEndsAt(jwt({ exp: 2_100_000_000 }), user)).toBe(Date.parse('2033-05-18T03:33:19.000Z'))
  })
  it('keeps nothing for a token without a readable expiry', () => {
    expect(sessionEndsAt(jwt({}), null)).toBe(Number.NEGATIVE_INFINITY)
    expect(sessionEndsAt('not-a-jwt', null)).toBe(Number.NEGATIVE_INFINITY)
  })
})

describe('findSessionUser', () => {
  const db = fakeDb()
  const payload = { db, authStrategies: [{ name: 'local-jwt' }] } as never
  const headers = new Headers()
  beforeEach(() => {
    sessionCache().clear()
    auth.executeAuthStrategies.mockReset()
    auth.extractJWT.mockReset()
  })
  afterEach(() => sessionCache().clear())

  it('looks a token up once and hands every caller its own copy', async () => {
    const token = jwt({ id: 1, sid: 's', exp: inAnHour })
    auth.extractJWT.mockReturnValue(token)
    auth.executeAuthStrategies.mockResolvedValue({ user: { id: 1, collection: 'users', _sid: 's', isAdmin: false } })
    const first = await findSessionUser(payload, headers)
    const second = await findSessionUser(payload, headers)
    expect(second).toEqual(first)
    expect(second).not.toBe(first)
    ;(first as { isAdmin: boolean }).isAdmin = true
    expect((await findSessionUser(payload, headers))?.isAdmin).toBe(false)
    expect(auth.executeAuthStrategies).toHaveBeenCalledTimes(1)
  })

  it('forgets every session when a user or media row is written', async () => {
    auth.extractJWT.mockReturnValue(jwt({ id: 1, sid: 's', exp: inAnHour }))
    auth.executeAuthStrategies.mockResolvedValueOnce({ user: { id: 1, collection: 'users', isPremium: false } })
    expect((await findSessionUser(payload, headers))?.isPremium).toBe(false)
    await db.updateOne({ collection: 'users', id: 1 })
    auth.executeAuthStrategies.mockResolvedValueOnce({ user: { id: 1, collection: 'users', isPremium: true } })
    expect((await findSessionUser(payload, headers))?.isPremium).toBe(true)
    await db.updateOne({ collection: 'avatars', id: 9 })
    auth.executeAuthStrategies.mockResolvedValueOnce({ user: null })
    expect(await findSessionUser(payload, headers)).toBeNull()
  })

  it('keeps no answer without a session, and none for a token past its expiry', async () => {
    auth.extractJWT.mockReturnValue(jwt({ id: 1, sid: 's', exp: inAnHour }))
    auth.executeAuthStrategies.mockResolvedValue({ user: null })
    await findSessionUser(payload, headers)
    await findSessionUser(payload, headers)
    expect(auth.executeAuthStrategies).toHaveBeenCalledTimes(2)
    auth.extractJWT.mockReturnValue(jwt({ id: 1, sid: 's', exp: Math.floor(Date.now() / 1000) - 1 }))
    auth.executeAuthStrategies.mockResolvedValue({ user: { id: 1, collection: 'users' } })
    await findSessionUser(payload, headers)
    await findSessionUser(payload, headers)
    expect(auth.executeAuthStrategies).toHaveBeenCalledTimes(4)
  })

  it('never caches without a token, or beside another auth strategy', async () => {
    auth.extractJWT.mockReturnValue(null)
    auth.executeAuthStrategies.mockResolvedValue({ user: null })
    await findSessionUser(payload, headers)
    auth.extractJWT.mockReturnValue(jwt({ id: 1, exp: inAnHour }))
    auth.executeAuthStrategies.mockResolvedValue({ user: { id: 1, collection: 'users' } })
    const apiKeys = { db, authStrategies: [{ name: 'local-jwt' }, { name: 'api-key' }] } as never
    await findSessionUser(apiKeys, headers)
    await findSessionUser(apiKeys, headers)
    expect(auth.executeAuthStrategies).toHaveBeenCalledTimes(3)
    expect(sessionCache().size).toBe(0)
  })
})
