// Early access as a non-premium member sees it: listed with the 'Early access' label on /blog and
// /vlog, and on the item's page the teaser saying when it opens instead of the body or player.
import { randomBytes } from 'node:crypto'

import type { APIRequestContext } from '@playwright/test'

import { admin, expect, freshRequest, open, registerViaApi, test } from './fixtures'

const origin = () => ({ origin: process.env.E2E_BASE_URL! })
const secret = `bodysecret${randomBytes(3).toString('hex').replace(/\d/g, 'q')}`
const until = () => new Date(Date.now() + 24 * 3600_000).toISOString()

let adminRequest: APIRequestContext
let post: { id: number; slug: string; title: string }
let video: { id: number; videoId: string; title: string }

test.beforeAll(async () => {
  adminRequest = await freshRequest()
  expect((await adminRequest.post('/api/auth/login', { data: admin(), headers: origin() })).status()).toBe(200)
  const suffix = randomBytes(3).toString('hex')
  const created = await adminRequest.post('/api/blog-posts', {
    data: { title: `Early access post ${suffix}`, excerpt: 'A line about it.', content: `The body with ${secret}.`, status: 'published' },
    headers: origin(),
  })
  expect(created.status()).toBe(201)
  const body = await created.json()
  post = { id: body.id, slug: body.slug, title: body.title }
  expect((await adminRequest.patch(`/cms/api/posts/${post.id}`, { data: { earlyAccessUntil: until() }, headers: origin() })).status()).toBe(200)
  const videoId = `gateEA${suffix}`
  const made = await adminRequest.post('/cms/api/videos', {
    data: { videoId, title: `Early access video ${suffix}`, publishedAt: new Date().toISOString(), source: 'youtube', earlyAccessUntil: until() },
    headers: origin(),
  })
  expect(made.status(), await made.text()).toBe(201)
  video = { id: (await made.json()).doc.id, videoId, title: `Early access video ${suffix}` }
})

test.afterAll(async () => {
  await adminRequest.delete(`/api/blog-posts/${post.id}`, { headers: origin() })
  await adminRequest.delete(`/cms/api/videos/${video.id}`, { headers: origin() })
  await adminRequest.dispose()
})

test('a member sees early-access items labelled in the lists and a teaser on their pages', async ({ page }) => {
  await registerViaApi(page)

  await open(page, '/blog')
  const card = page.locator('[data-post-card]').filter({ hasText: post.title })
  await expect(card.getByText('Early access', { exact: true })).toBeVisible()

  await open(page, `/post/${post.slug}`)
  const teaser = page.getByTestId('early-access-teaser')
  await expect(teaser).toBeVisible()
  await expect(teaser.getByTestId('early-access-opens')).toHaveText(/^Opens to everyone on \w{3} \d{2}, \d{4} at \d{1,2}:\d{2} [AP]M E[DS]T$/)
  await expect(page.getByText(secret)).toHaveCount(0)

  await open(page, '/vlog')
  const videoCard = page.locator('article').filter({ hasText: video.title })
  await expect(videoCard.getByText('Early access', { exact: true })).toBeVisible()

  await open(page, `/video/${video.videoId}`)
  const lock = page.getByTestId('premium-lock')
  await expect(lock).toHaveAttribute('data-lock', 'early-access')
  await expect(lock.getByTestId('early-access-opens')).toHaveText(/^Opens to everyone on /)
  await expect(page.locator('iframe#video-player')).toHaveCount(0)
})
