// /admin → Settings (SPEC §2 settings, made real on the site-settings global): GET and PUT
// /api/admin/settings, who may call them, the checks on each field, and the site following a save
// at once (header, footer, /merch with its CSP frame-src, the home page's merch cards).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { SITE_NAME } from '../../shared/constants'
import { STORE_URL_INVALID, TIME_ZONE_INVALID, YOUTUBE_HANDLE_INVALID } from '../../shared/schemas/site-settings'
import { ApiClient, registerMember } from '../helpers/api-client'
import { logEntriesSince, logOffset } from './server-log'

const baseUrl = inject('baseUrl')
const admin = inject('admin')

let adminClient: ApiClient
let original: Record<string, unknown>

const EDITABLE = ['siteName', 'siteDescription', 'merchStoreUrl', 'youtubeHandle', 'supportEmail', 'timeZone'] as const

beforeAll(async () => {
  adminClient = new ApiClient(baseUrl)
  expect((await adminClient.post('/api/auth/login', admin)).status).toBe(200)
  const res = await adminClient.get('/api/admin/settings')
  expect(res.status).toBe(200)
  original = Object.fromEntries(EDITABLE.map((key) => [key, res.body[key]]))
})

// Other suites share the server: leave the settings as they were.
afterAll(async () => {
  expect((await adminClient.request('PUT', '/api/admin/settings', original)).status).toBe(200)
})

/** A page's HTML, waiting out the visitor page cache when asked (any settings save clears it anyway). */
const html = async (path: string, client = new ApiClient(baseUrl)) => {
  const res = await client.get(path)
  expect(res.status, path).toBe(200)
  return { text: String(res.body), csp: res.headers.get('content-security-policy') ?? '' }
}

describe('who may read and change the settings', () => {
  it('visitor 401, member 403, moderator 403, admin 200', async () => {
    const member = await registerMember(baseUrl)
    const moderator = await registerMember(baseUrl)
    expect((await adminClient.patch(`/api/admin/users/${moderator.user.id}/moderator`, { isModerator: true })).status).toBe(200)
    for (const [method, body] of [['GET'], ['PUT', { siteName: 'Hijacked' }]] as [string, unknown?][]) {
      expect((await new ApiClient(baseUrl).request(method, '/api/admin/settings', body)).status, method).toBe(401)
      const asMember = await member.client.request(method, '/api/admin/settings', body)
      expect(asMember.status, method).toBe(403)
      expect(asMember.body.error).toBe('Only admins can change the site settings.')
      expect((await moderator.client.request(method, '/api/admin/settings', body)).status, method).toBe(403)
    }
    const res = await adminClient.get('/api/admin/settings')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual([...EDITABLE, 'effectiveTimeZone'].sort())
    expect(res.body.siteName).not.toBe('Hijacked')
  })
})

describe('PUT /api/admin/settings', () => {
  it('saves the fields given, clears blank ones, and the site shows the change on the next request', async () => {
    // Warm the visitor page cache with the old header first.
    expect((await html('/')).text).toContain(String(original.siteName ?? SITE_NAME))
    const offset = logOffset()
    const res = await adminClient.request('PUT', '/api/admin/settings', {
      siteName: 'Voices Test Site',
      siteDescription: 'A description set in the admin panel.',
      merchStoreUrl: 'https://store.example.com/collections/all',
      youtubeHandle: 'voicestest',
      supportEmail: 'help@example.org',
      timeZone: 'america/chicago',
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      siteName: 'Voices Test Site',
      siteDescription: 'A description set in the admin panel.',
      merchStoreUrl: 'https://store.example.com/collections/all',
      youtubeHandle: '@voicestest',
      supportEmail: 'help@example.org',
      timeZone: 'America/Chicago',
      effectiveTimeZone: 'America/Chicago',
    })
    expect((await adminClient.get('/api/admin/settings')).body).toEqual(res.body)

    const home = await html('/')
    expect(home.text).toContain('data-testid="header-site-name">Voices Test Site<')
    expect(home.text).toContain('data-testid="footer-description">A description set in the admin panel.<')
    // The home page's merch cards link to the store.
    expect(home.text).toContain('href="https://store.example.com/collections/all"')

    const merch = await html('/merch')
    expect(merch.text).toMatch(/<iframe[^>]*src="https:\/\/store\.example\.com\/collections\/all"[^>]*title="Voices Test Site merchandise store"/)
    expect(merch.text).toMatch(/data-testid="merch-shop-now"/)
    expect(merch.csp).toMatch(/frame-src [^;]*https:\/\/store\.example\.com/)
    // Only /merch frames the store.
    expect(home.csp).not.toContain('store.example.com')

    const audit = (await logEntriesSince(offset)).filter((e) => e.event === 'site_settings_changed')
    expect(audit).toHaveLength(1)
    expect(audit[0].fields.sort()).toEqual([...EDITABLE].sort())

    // Absent fields stay; a blank store URL clears it: /merch says the store is coming, no iframe.
    const cleared = await adminClient.request('PUT', '/api/admin/settings', { merchStoreUrl: '', timeZone: null })
    expect(cleared.body).toMatchObject({ siteName: 'Voices Test Site', merchStoreUrl: null, timeZone: null, effectiveTimeZone: 'America/New_York' })
    const coming = await html('/merch')
    expect(coming.text).toContain('Our store is coming soon')
    expect(coming.text).not.toContain('<iframe')
    expect(coming.csp).not.toContain('store.example.com')
  })

  it('refuses bad values with the reason, changing nothing', async () => {
    const before = (await adminClient.get('/api/admin/settings')).body
    const cases: [Record<string, unknown>, string][] = [
      [{ siteName: '' }, 'Site name is required'],
      [{ siteName: 'x'.repeat(101) }, 'Site name must be at most 100 characters'],
      [{ merchStoreUrl: 'http://store.example.com' }, STORE_URL_INVALID],
      [{ merchStoreUrl: 'javascript:alert(1)' }, STORE_URL_INVALID],
      [{ merchStoreUrl: 'not a url' }, STORE_URL_INVALID],
      [{ youtubeHandle: 'has spaces' }, YOUTUBE_HANDLE_INVALID],
      [{ supportEmail: 'nobody' }, 'Enter a valid email address'],
      [{ timeZone: 'Mars/Olympus_Mons' }, TIME_ZONE_INVALID],
      [{ timeZone: 42 }, TIME_ZONE_INVALID],
    ]
    for (const [body, error] of cases) {
      const res = await adminClient.request('PUT', '/api/admin/settings', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.error).toBe(error)
      expect(res.body.issues[0].path).toBe(Object.keys(body)[0])
    }
    expect((await adminClient.request('PUT', '/api/admin/settings', 'not json')).status).toBe(400)
    expect((await adminClient.get('/api/admin/settings')).body).toEqual(before)
  })

  it('takes a loopback http store (local demos and tests) and allows exactly that origin to be framed', async () => {
    const res = await adminClient.request('PUT', '/api/admin/settings', { merchStoreUrl: 'http://127.0.0.1:9/store' })
    expect(res.status).toBe(200)
    const merch = await html('/merch')
    expect(merch.csp).toMatch(/frame-src [^;]*http:\/\/127\.0\.0\.1:9( |;|$)/)
  })
})
