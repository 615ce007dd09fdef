// SPEC §2 /profile, §3 User badges, §5 Profile rules, §7 Profile, §8 ('Update Failed', 'Upload Failed').
import sharp from 'sharp'
import { describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'

const baseUrl = inject('baseUrl')
const admin = inject('admin')

const PUBLIC_KEYS = [
  'badges', 'bio', 'createdAt', 'id', 'isAdmin', 'isModerator', 'isPremium', 'level', 'location',
  'memberNumber', 'points', 'profilePicture', 'username', 'website',
].sort()

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 179, g: 54, b: 27 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer()

async function upload(client: ApiClient, file: Blob | null, filename = 'me.png', field = 'profilePicture') {
  const form = new FormData()
  if (file) form.append(field, file, filename)
  const res = await fetch(`${baseUrl}/api/profile/picture`, {
    method: 'POST',
    body: form,
    headers: { origin: baseUrl, 'x-forwarded-for': client.ip, ...(client.cookie ? { cookie: client.cookie } : {}) },
  })
  return { status: res.status, body: await res.json() }
}

describe('GET /api/profile/{userId}', () => {
  it('returns public fields only: never email, date of birth or payment ids', async () => {
    const { user, username } = await registerMember(baseUrl)
    const res = await new ApiClient(baseUrl).get(`/api/profile/${user.id}`)
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(PUBLIC_KEYS)
    expect(res.body).toMatchObject({ id: user.id, username, memberNumber: user.memberNumber, profilePicture: null, bio: null, isPremium: false })
    expect(res.body.badges).toEqual(expect.arrayContaining(['member']))
    const text = JSON.stringify(res.body)
    for (const secret of ['@example.org', 'dateOfBirth', 'paypal', 'hash', 'salt', 'sessions']) expect(text).not.toContain(secret)
  })

  it("shows the moderator badge from the flag; 404 'User Not Found' for unknown ids", async () => {
    const { user } = await registerMember(baseUrl)
    const adminClient = new ApiClient(baseUrl)
    await adminClient.post('/api/auth/login', admin)
    await adminClient.patch(`/cms/api/users/${user.id}`, { isModerator: true })
    const res = await new ApiClient(baseUrl).get(`/api/profile/${user.id}`)
    expect(res.body.badges).toContain('moderator')
    for (const id of ['999999999', 'abc', '0', '-1']) {
      const missing = await new ApiClient(baseUrl).get(`/api/profile/${id}`)
      expect(missing.status).toBe(404)
      expect(missing.body.error).toBe('User Not Found')
    }
  })

  it('the profile page renders for visitors, with 404 for unknown members', async () => {
    const { user, username } = await registerMember(baseUrl)
    const page = await fetch(`${baseUrl}/profile/${user.id}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(username)
    expect(html).toContain(`Member #${user.memberNumber}<`)
    expect(html).not.toContain('Edit Profile')
    const missing = await fetch(`${baseUrl}/profile/999999999`)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('User Not Found')
  })
})

describe('PUT /api/profile', () => {
  it('updates the own bio, location and website; empty strings clear them', async () => {
    const { client, user } = await registerMember(baseUrl)
    const res = await client.request('PUT', '/api/profile', { bio: 'Organiser & reader.', location: 'Atlanta, GA', website: 'https://example.org/me' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: user.id, bio: 'Organiser & reader.', location: 'Atlanta, GA', website: 'https://example.org/me' })
    const html = await (await fetch(`${baseUrl}/profile/${user.id}`)).text()
    expect(html).toMatch(/<a[^>]*href="https:\/\/example\.org\/me"[^>]*rel="nofollow ugc noopener"|<a[^>]*rel="nofollow ugc noopener"[^>]*href="https:\/\/example\.org\/me"/)
    const partial = await client.request('PUT', '/api/profile', { location: '' })
    expect(partial.body).toMatchObject({ bio: 'Organiser & reader.', location: null, website: 'https://example.org/me' })
  })

  it('validates with the spec messages', async () => {
    const { client } = await registerMember(baseUrl)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ bio: 'b'.repeat(501) }, 'Bio must be less than 500 characters'],
      [{ location: 'l'.repeat(101) }, 'Location must be less than 100 characters'],
      [{ website: 'not a url' }, 'Please enter a valid website URL'],
      [{ website: 'javascript:alert(1)' }, 'Please enter a valid website URL'],
    ]
    for (const [body, message] of cases) {
      const res = await client.request('PUT', '/api/profile', body)
      expect(res.status).toBe(400)
      expect(res.body.error).toBe(message)
    }
    expect((await client.request('PUT', '/api/profile', { bio: 'b'.repeat(500), location: 'l'.repeat(100), website: '' })).status).toBe(200)
  })

  it("visitors get 401; a member cannot edit another member's profile", async () => {
    expect((await new ApiClient(baseUrl).request('PUT', '/api/profile', { bio: 'x' })).status).toBe(401)
    const a = await registerMember(baseUrl)
    const b = await registerMember(baseUrl)
    const res = await a.client.request('PUT', '/api/profile', { id: b.user.id, userId: b.user.id, bio: 'hijacked' })
    expect(res.status).toBe(200)
    expect(res.body.id).toBe(a.user.id)
    expect((await new ApiClient(baseUrl).get(`/api/profile/${b.user.id}`)).body.bio).toBeNull()
    expect([403, 404]).toContain((await a.client.patch(`/cms/api/users/${b.user.id}`, { bio: 'hijacked' })).status)
    expect((await new ApiClient(baseUrl).get(`/api/profile/${b.user.id}`)).body.bio).toBeNull()
  })
})

describe('POST /api/profile/picture', () => {
  it('re-encodes an image to 512×512 WebP without metadata and links it; the replaced file is removed', async () => {
    const { client, user } = await registerMember(baseUrl)
    const res = await upload(client, new Blob([new Uint8Array(await png())], { type: 'image/png' }))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.id).toBe(user.id)
    const url: string = res.body.profilePicture
    expect(url).toMatch(/avatar-\d+-\d+\.webp$/)

    const file = await fetch(new URL(url, baseUrl))
    expect(file.status).toBe(200)
    const bytes = Buffer.from(await file.arrayBuffer())
    const meta = await sharp(bytes).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 })
    expect(meta.exif).toBeUndefined()
    expect(bytes.includes(Buffer.from('secret-camera-owner'))).toBe(false)
    expect((await new ApiClient(baseUrl).get(`/api/profile/${user.id}`)).body.profilePicture).toBe(url)

    const second = await upload(client, new Blob([new Uint8Array(await png(900, 300))], { type: 'image/png' }), 'wide.png')
    expect(second.status).toBe(200)
    expect(second.body.profilePicture).not.toBe(url)
    // The replaced avatar is gone: no document and no file.
    const adminClient = new ApiClient(baseUrl)
    await adminClient.post('/api/auth/login', admin)
    const filename = url.split('/').pop()
    expect((await adminClient.get(`/cms/api/avatars?where[filename][equals]=${filename}`)).body.totalDocs).toBe(0)
    expect((await fetch(new URL(url, baseUrl))).status).toBe(404)
  })

  it("members' pictures are kept apart from the creator's Media library, and nobody uploads to them directly", async () => {
    const { client, user } = await registerMember(baseUrl)
    const res = await upload(client, new Blob([new Uint8Array(await png())], { type: 'image/png' }))
    expect(res.status).toBe(200)
    const filename = String(res.body.profilePicture).split('/').pop()
    const adminClient = new ApiClient(baseUrl)
    await adminClient.post('/api/auth/login', admin)
    expect((await adminClient.get(`/cms/api/avatars?where[filename][equals]=${filename}&depth=0`)).body.totalDocs).toBe(1)
    expect((await adminClient.get(`/cms/api/media?where[filename][like]=avatar-&limit=1&depth=0`)).body.totalDocs).toBe(0)
    // Only the profile endpoint (which checks and re-encodes) makes them: not a member, not even an admin through REST.
    const restUpload = async (as: ApiClient) => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'x.png')
      const headers = { origin: baseUrl, 'x-forwarded-for': as.ip, ...(as.cookie ? { cookie: as.cookie } : {}) }
      return (await fetch(`${baseUrl}/cms/api/avatars`, { method: 'POST', body: form, headers })).status
    }
    expect([401, 403]).toContain(await restUpload(client))
    expect([401, 403]).toContain(await restUpload(adminClient))
    expect((await new ApiClient(baseUrl).get(`/api/profile/${user.id}`)).body.profilePicture).toMatch(/\/avatars\/file\/avatar-/)
  })

  it('five uploads at once: each succeeds, and exactly one picture is left, the linked one', async () => {
    const { client, user } = await registerMember(baseUrl)
    const results = await Promise.all([1, 2, 3, 4, 5].map(async (n) => upload(client, new Blob([new Uint8Array(await png(40 + n, 30))], { type: 'image/png' }), `p${n}.png`)))
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    const linked: string = (await new ApiClient(baseUrl).get(`/api/profile/${user.id}`)).body.profilePicture
    const adminClient = new ApiClient(baseUrl)
    await adminClient.post('/api/auth/login', admin)
    const left = await adminClient.get(`/cms/api/avatars?where[filename][like]=avatar-${user.id}-&limit=20&depth=0`)
    expect(left.body.docs.map((d: { filename: string }) => d.filename)).toEqual([linked.split('/').pop()])
    expect((await fetch(new URL(linked, baseUrl))).status).toBe(200)
  })

  it('decides by content: a non-image renamed .png is refused, as are SVG and empty files', async () => {
    const { client } = await registerMember(baseUrl)
    const fake = await upload(client, new Blob(['#!/bin/sh\necho not an image\n'], { type: 'image/png' }), 'photo.png')
    expect(fake.status).toBe(400)
    expect(fake.body.error).toBe('Profile picture must be an image (JPG, PNG, WebP, GIF or AVIF).')
    const svg = await upload(client, new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'], { type: 'image/svg+xml' }), 'a.svg')
    expect(svg.status).toBe(400)
    expect((await upload(client, new Blob([], { type: 'image/png' }))).status).toBe(400)
    const missing = await upload(client, null)
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe('Please choose an image to upload.')
    const wrongField = await upload(client, new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'me.png', 'avatar')
    expect(wrongField.status).toBe(400)
  })

  it('refuses files over 5MB with 413, and visitors with 401', async () => {
    const { client } = await registerMember(baseUrl)
    const big = await upload(client, new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' }))
    expect(big.status).toBe(413)
    expect(big.body.error).toBe('Profile picture must be under 5MB.')
    const visitor = await upload(new ApiClient(baseUrl), new Blob([new Uint8Array(await png())], { type: 'image/png' }))
    expect(visitor.status).toBe(401)
  })
})
