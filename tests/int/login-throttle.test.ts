import { describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember, uniqueIp, uniqueUsername } from '../helpers/api-client'

const baseUrl = inject('baseUrl')
const adminAccount = inject('admin')
const INVALID = 'Invalid username or password.'

const DOORS = ['/api/auth/login', '/cms/api/users/login'] as const

/** A browser on one address that keeps its cookies (the session and the known-device cookie). */
class Browser {
  cookies = new Map<string, string>()
  constructor(public ip = uniqueIp()) {}
  async post(path: string, body: unknown, contentType = 'application/json') {
    const res = await fetch(baseUrl + path, {
      method: 'POST',
      headers: {
        origin: baseUrl,
        'x-forwarded-for': this.ip,
        'content-type': contentType,
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...rest] = pair!.split('=')
      const value = rest.join('=')
      if (value) this.cookies.set(name!, value)
      else this.cookies.delete(name!)
    }
    const text = await res.text()
    let parsed: any = text
    try {
      parsed = JSON.parse(text)
    } catch {
      /* keep the text */
    }
    return { status: res.status, body: parsed, headers: res.headers }
  }
  login = (username: string, password: string, door: string = DOORS[0]) => this.post(door, { username, password })
}

const strip = (body: any) => JSON.stringify(body)

describe('sign-in answers the same for unknown accounts, wrong passwords and held-back pairs', () => {
  it.each(DOORS)('%s: an unknown username gets exactly the answer a wrong password gets', async (door) => {
    const { username } = await registerMember(baseUrl)
    const browser = new Browser()
    const wrong = await browser.login(username, 'not-the-password', door)
    const unknown = await browser.login(uniqueUsername('nobody'), 'not-the-password', door)
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(strip(unknown.body)).toBe(strip(wrong.body))
    expect(unknown.body.error).toBe(INVALID)
    expect(unknown.headers.get('set-cookie')).toBeNull()
  })

  it('5 failures hold back that (account, address) pair, for the right password too, and answer like an unknown name', async () => {
    const { username, password } = await registerMember(baseUrl)
    const stranger = new Browser()
    for (let i = 0; i < 5; i++) expect((await stranger.login(username, `wrong-${i}-password`)).status).toBe(401)
    const held = await stranger.login(username, password)
    expect(held.status).toBe(429)
    expect(held.body.error).toMatch(/^Too many attempts\. Please wait 1 minute/)
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await stranger.login(username, password, '/cms/api/users/login')).status).toBe(429)

    // The same count for a name that has no account: a 429 says nothing about existence.
    const ghost = uniqueUsername('ghost')
    const prober = new Browser()
    for (let i = 0; i < 5; i++) expect((await prober.login(ghost, `wrong-${i}-password`)).status).toBe(401)
    const ghostHeld = await prober.login(ghost, 'anything-1')
    expect(ghostHeld.status).toBe(429)
    expect(ghostHeld.body.error).toBe(held.body.error)

    // Payload's account lock never engages: the owner, elsewhere, signs in at once.
    const owner = new Browser()
    expect((await owner.login(username, password)).status).toBe(200)
  })

  it('the owner’s known browser signs in even from the address a stranger is guessing from', async () => {
    const { username, password } = await registerMember(baseUrl)
    const ip = uniqueIp()
    const owner = new Browser(ip)
    const first = await owner.login(username, password)
    expect(first.status).toBe(200)
    expect(owner.cookies.get('known_device')).toMatch(/^\d+\./)
    expect(first.headers.getSetCookie().find((c) => c.startsWith('known_device='))).toMatch(/HttpOnly/)
    const stranger = new Browser(ip) // same address (a shared network), no known-device cookie
    for (let i = 0; i < 5; i++) await stranger.login(username, `wrong-${i}-password`)
    expect((await stranger.login(username, password)).status).toBe(429)
    expect((await owner.login(username, password)).status).toBe(200)
    expect((await owner.login(username, password, '/cms/api/users/login')).status).toBe(200)
    // A known-device cookie vouches only for its own account.
    const other = await registerMember(baseUrl)
    const borrowed = new Browser()
    borrowed.cookies.set('known_device', owner.cookies.get('known_device')!)
    for (let i = 0; i < 5; i++) await borrowed.login(other.username, `wrong-${i}-password`)
    expect((await borrowed.login(other.username, other.password)).status).toBe(429)
  })

  it('a new password set by an admin in /cms lets the owner in at once, even from a held-back address', async () => {
    const { username, user } = await registerMember(baseUrl)
    const browser = new Browser()
    for (let i = 0; i < 5; i++) await browser.login(username, `wrong-${i}-password`)
    expect((await browser.login(username, 'anything-else-1')).status).toBe(429)
    const admin = new ApiClient(baseUrl)
    expect((await admin.post('/api/auth/login', adminAccount)).status).toBe(200)
    const reset = await admin.patch(`/cms/api/users/${user.id}`, { password: 'brand-new-password-7' })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    expect((await browser.login(username, 'brand-new-password-7')).status).toBe(200)
  })
})

describe('Payload’s login door (/cms/api/users/login)', () => {
  it('answers what the admin UI expects: message, user, token, exp and the session cookie', async () => {
    const browser = new Browser()
    const res = await browser.login(adminAccount.username, adminAccount.password, '/cms/api/users/login')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ message: 'Authentication Passed', user: { username: adminAccount.username, isAdmin: true, collection: 'users' } })
    expect(typeof res.body.token).toBe('string')
    expect(res.body.exp).toBeGreaterThan(Date.now() / 1000)
    for (const secret of ['hash', 'salt', 'password']) expect(res.body.user).not.toHaveProperty(secret)
    expect(browser.cookies.get('payload-token')).toBe(res.body.token)
    const me = await fetch(`${baseUrl}/cms/api/users/me`, { headers: { origin: baseUrl, cookie: `payload-token=${res.body.token}` } })
    expect(((await me.json()) as { user: { username: string } }).user.username).toBe(adminAccount.username)
  })

  it('takes the admin login form as the admin UI sends it (multipart, with a _payload field)', async () => {
    const { username, password } = await registerMember(baseUrl)
    const form = new FormData()
    form.set('_payload', JSON.stringify({ username, password }))
    const request = new Request(baseUrl, { method: 'POST', body: form })
    const res = await new Browser().post('/cms/api/users/login', await request.text(), request.headers.get('content-type')!)
    expect(res.status).toBe(200)
    expect(res.body.user.username).toBe(username)
  })

  it.each(DOORS)('%s: bad bodies are a 400 with { error }, never a 500', async (door) => {
    const bodies = [
      ['not JSON', '{"username":'],
      ['wrong types', '{"username":["a"],"password":{"x":1}}'],
      ['a NUL byte', JSON.stringify({ username: 'creator\u0000', password: 'x' })],
      ['an unpaired surrogate', '{"username":"creator","password":"\\ud800"}'],
      ['an unpaired surrogate in the name', '{"username":"\\udc00creator","password":"x"}'],
    ]
    for (const [label, body] of bodies) {
      const res = await new Browser().post(door, body!)
      expect(res.status, label).toBe(400)
      expect(typeof res.body.error, label).toBe('string')
    }
  })

  it('keeps the per-IP limit on sign-in attempts', async () => {
    const browser = new Browser()
    for (let i = 0; i < 10; i++) expect((await browser.login(uniqueUsername('nobody'), 'whatever-123', '/cms/api/users/login')).status).toBe(401)
    const limited = await browser.login(uniqueUsername('nobody'), 'whatever-123', '/cms/api/users/login')
    expect(limited.status).toBe(429)
    expect(limited.body.error).toMatch(/Too many attempts/)
  })
})
