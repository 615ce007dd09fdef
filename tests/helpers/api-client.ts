import { randomBytes } from 'node:crypto'

let ipCounter = 0
/**
 * A distinct client per test, sent only as X-Forwarded-For: its own /64 (limits count an IPv6
 * client by its /64) and, with 28 random bits, most likely its own /48 too (page views and
 * visitors' video views are counted per /48), even against clients of other test files, whose
 * counters start again at 1. In the IPv6 documentation prefix 3fff::/20.
 */
export const uniqueIp = () => {
  const random = randomBytes(4).readUInt32BE(0)
  return `3fff:${((random >>> 16) & 0xfff).toString(16)}:${(random & 0xffff).toString(16)}:${(++ipCounter).toString(16)}::1`
}

export const uniqueUsername = (prefix = 'member') => `${prefix}_${randomBytes(4).toString('hex')}`

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers }

/** A browser-like client: same-origin Origin header, one cookie jar, its own IP. */
export class ApiClient {
  cookie: string | null = null
  constructor(
    public baseUrl: string,
    public ip: string = uniqueIp(),
  ) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const res = await fetch(this.baseUrl + path, {
      method,
      redirect: 'manual',
      headers: {
        origin: this.baseUrl,
        'x-forwarded-for': this.ip,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    const setCookie = res.headers.get('set-cookie')
    const token = setCookie?.match(/payload-token=([^;]*)/)
    if (token) this.cookie = token[1] ? `payload-token=${token[1]}` : null
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers }
  }

  get = <T = any>(path: string) => this.request<T>('GET', path)
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body ?? {})
  patch = <T = any>(path: string, body?: unknown) => this.request<T>('PATCH', path, body ?? {})
}

export const isoDateYearsAgo = (years: number, dayOffset = 0) => {
  const now = new Date()
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + dayOffset))
  return d.toISOString().slice(0, 10)
}

export async function registerMember(baseUrl: string, overrides: Record<string, unknown> = {}) {
  const client = new ApiClient(baseUrl)
  const username = uniqueUsername()
  const password = 'correct-horse-9'
  const res = await client.post('/api/auth/register', {
    username,
    email: `${username}@example.org`,
    dateOfBirth: isoDateYearsAgo(25),
    password,
    confirmPassword: password,
    ...overrides,
  })
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`)
  return { client, username, password, user: res.body.user }
}
