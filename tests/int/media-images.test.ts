// Images the creator uploads to /cms reach readers resized and whole: WebP copies at 480, 960
// and 1600 pixels wide with the picture's own aspect ratio (never cropped, never enlarged), alt
// text required for a new image, a caption, and the original for uploads that predate the copies.
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'

import { ApiClient, uniqueIp } from '../helpers/api-client'
import { sql } from './sql'
import { baseUrl, signedInAdmin } from './videos-helpers'

type Size = { url: string | null; width: number | null; height: number | null; mimeType: string | null; filename: string | null }
type MediaDoc = { id: number; url: string; width: number; height: number; alt: string | null; caption: string | null; sizes: Record<string, Size> }

const created: number[] = []
let admin: ApiClient

/** A photo-like picture: gradients with noise, so the copies' encoder has real work. */
async function picture(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      raw[i] = (x * 255) / width
      raw[i + 1] = (y * 255) / height
      raw[i + 2] = (((x * 7) ^ (y * 13)) & 0xff) >>> 1
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer()
}

async function upload(file: Buffer, name: string, data: Record<string, unknown>, cookie: string | null) {
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), name)
  form.set('_payload', JSON.stringify(data))
  const res = await fetch(`${baseUrl}/cms/api/media`, {
    method: 'POST',
    body: form,
    headers: { origin: baseUrl, 'x-forwarded-for': uniqueIp(), ...(cookie ? { cookie } : {}) },
  })
  const body = (await res.json()) as { doc?: MediaDoc; errors?: { message: string; data?: { errors?: { message: string; path: string }[] } }[] }
  if (body.doc) created.push(body.doc.id)
  return { status: res.status, body }
}

async function fetchImage(url: string) {
  const res = await fetch(new URL(url, baseUrl))
  expect(res.status, url).toBe(200)
  expect(res.headers.get('cache-control'), url).toBe('public, max-age=86400')
  return sharp(Buffer.from(await res.arrayBuffer())).metadata()
}

afterAll(async () => {
  const client = admin ?? (await signedInAdmin())
  for (const id of created) await client.request('DELETE', `/cms/api/media/${id}`)
})

describe('an image uploaded through /cms', () => {
  it('gets WebP copies at 480, 960 and 1600 pixels wide, whole: the aspect ratio is the upload’s', async () => {
    admin = await signedInAdmin()
    const res = await upload(await picture(2400, 1200), 'wide-photo.jpg', { alt: 'A wide test picture', caption: 'Credit: the test suite' }, admin.cookie)
    expect(res.status).toBe(201)
    const doc = res.body.doc!
    expect(doc).toMatchObject({ width: 2400, height: 1200, alt: 'A wide test picture', caption: 'Credit: the test suite' })
    for (const [name, width] of [['small', 480], ['medium', 960], ['large', 1600]] as const) {
      const size = doc.sizes[name]!
      expect(size, name).toMatchObject({ width, height: width / 2, mimeType: 'image/webp' })
      const file = await fetchImage(size.url!)
      expect(file).toMatchObject({ format: 'webp', width, height: width / 2 })
    }
    // The 16:9 crop stays for the admin's thumbnails and bookmarks.
    expect(doc.sizes.thumbnail).toMatchObject({ width: 400, height: 225 })
  })

  it('never enlarges: a 700×1050 portrait gets copies no wider than itself, still 2:3', async () => {
    const res = await upload(await picture(700, 1050), 'portrait.jpg', { alt: 'A tall test picture' }, admin.cookie)
    expect(res.status).toBe(201)
    const { sizes } = res.body.doc!
    expect(sizes.small).toMatchObject({ width: 480, height: 720, mimeType: 'image/webp' })
    for (const name of ['medium', 'large']) {
      expect(sizes[name], name).toMatchObject({ width: 700, height: 1050, mimeType: 'image/webp' })
      expect(await fetchImage(sizes[name]!.url!)).toMatchObject({ format: 'webp', width: 700, height: 1050 })
    }
    // Each copy has a file of its own: deleting or replacing one size cannot take another's.
    expect(new Set(Object.values(sizes).map((s) => s.filename)).size).toBe(Object.keys(sizes).length)
  })

  it('needs alt text, with a message saying what it is for', async () => {
    for (const alt of [undefined, '', '   ']) {
      const res = await upload(await picture(320, 200), 'no-alt.jpg', alt === undefined ? {} : { alt }, admin.cookie)
      expect(res.status).toBe(400)
      const messages = JSON.stringify(res.body.errors)
      expect(messages).toContain('Describe the image for readers who cannot see it (alt text).')
    }
  })

  it('refuses a visitor', async () => {
    expect((await upload(await picture(320, 200), 'visitor.jpg', { alt: 'x' }, null)).status).toBe(403)
  })

  it('that predates alt text and the copies still opens, saves, and shows its original on the site', async () => {
    const res = await upload(await picture(1200, 800), 'old-upload.jpg', { alt: 'Soon removed' }, admin.cookie)
    const id = res.body.doc!.id
    // As rows made before this change look: no alt, no resized copies.
    await sql(
      `update media set alt = null, ${['small', 'medium', 'large'].flatMap((n) => ['url', 'width', 'height', 'mime_type', 'filesize', 'filename'].map((f) => `sizes_${n}_${f} = null`)).join(', ')} where id = $1`,
      [id],
    )
    expect((await admin.get(`/cms/api/media/${id}`)).status).toBe(200)
    const saved = await admin.patch(`/cms/api/media/${id}`, { caption: 'A caption added later' })
    expect(saved.status).toBe(200)
    expect(saved.body.doc).toMatchObject({ alt: null, caption: 'A caption added later' })

    const post = await admin.post('/api/blog-posts', { title: `Old image ${Date.now()}`, content: 'Body.', status: 'draft' })
    expect(post.status).toBe(201)
    try {
      expect((await admin.patch(`/cms/api/posts/${post.body.id}`, { featuredImage: id })).status).toBe(200)
      const read = await admin.get(`/api/blog-posts/${post.body.id}`)
      expect(read.body.featuredImageSet).toEqual({
        src: expect.stringMatching(/\/old-upload\.jpg$/),
        width: 1200,
        height: 800,
        alt: '',
        caption: 'A caption added later',
        candidates: [],
        focalPosition: null,
      })
      // The draft's page, as the admin's browser asks for it.
      const page = await fetch(`${baseUrl}/post/${post.body.slug}`, { headers: { cookie: admin.cookie!, 'sec-fetch-site': 'same-origin' } })
      expect(page.status).toBe(200)
      const hero = /<figure[^>]*data-post-hero[^>]*>\s*(<img[^>]*>)/.exec(await page.text())?.[1]
      expect(hero).toMatch(/src="[^"]*\/old-upload\.jpg"/)
      expect(hero).toMatch(/width="1200" height="800"/)
      expect(hero).not.toContain('srcset')
    } finally {
      await admin.request('DELETE', `/api/blog-posts/${post.body.id}`)
    }
  })
})

describe("a card's picture", () => {
  it("keeps the focal point the creator set in /cms in view where the card crops it", async () => {
    const res = await upload(await picture(1600, 900), 'focal.jpg', { alt: 'A speaker at the left edge', focalX: 20, focalY: 35 }, admin.cookie)
    expect(res.status).toBe(201)
    const post = await admin.post('/api/blog-posts', { title: `Focal ${Date.now()}`, content: 'Body.', status: 'published' })
    expect(post.status).toBe(201)
    try {
      expect((await admin.patch(`/cms/api/posts/${post.body.id}`, { featuredImage: res.body.doc!.id })).status).toBe(200)
      expect((await admin.get(`/api/blog-posts/${post.body.id}`)).body.featuredImageSet.focalPosition).toBe('20% 35%')
      const news = await (await fetch(`${baseUrl}/blog`)).text()
      const card = new RegExp(`<img[^>]*style="object-position: 20% 35%"[^>]*data-post-card-image`).exec(news)
      expect(card, 'the post card on /blog').not.toBeNull()
    } finally {
      await admin.request('DELETE', `/api/blog-posts/${post.body.id}`)
    }
  })
})

describe('a seeded post with a featured image', () => {
  it('lists the copies, alt text and caption for the cards and the page', async () => {
    const res = await new ApiClient(baseUrl).get('/api/blog-posts/slug/early-voting-plain-language-guide')
    expect(res.status).toBe(200)
    const image = res.body.featuredImageSet
    expect(image.alt).toMatch(/ballot box/)
    expect(image.caption).toMatch(/Illustration/)
    expect(image.candidates.map((c: { width: number }) => c.width)).toEqual([480, 960, 1600])
    expect(image.candidates.every((c: { url: string; height: number; width: number }) => c.url.endsWith('.webp') && c.height === (c.width * 9) / 16)).toBe(true)
    // Site paths: no server address in the API's answers or the pages.
    expect(res.body.featuredImage).toMatch(/^\/cms\/api\/media\/file\/[^/]+\.jpg$/)
    expect(image.candidates.every((c: { url: string }) => c.url.startsWith('/cms/api/media/file/'))).toBe(true)
  })
})
