// A write to one video's discussion (a comment, a like, a vote) clears what shows it, that video's
// page, and leaves every other kept page kept (cms/services/cache/clear-log.ts).
import { beforeAll, describe, expect, inject, it } from 'vitest'

import { videos } from '../../cms/seed/fixtures/videos'
import { ApiClient, registerMember } from '../helpers/api-client'

const baseUrl = inject('baseUrl')
const free = videos.filter((v) => !v.isPremium && !v.isUncut).map((v) => v.videoId)
const VIDEO_X = free[3]!
const VIDEO_Z = free[4]!

const visitorPage = async (path: string) => {
  const res = await fetch(baseUrl + path)
  return { hit: res.headers.get('x-page-cache') === 'hit', body: await res.text() }
}

/** Reads the page twice, so the second answer came from the page cache. */
async function kept(path: string) {
  await visitorPage(path)
  expect((await visitorPage(path)).hit, path).toBe(true)
}

let postPath: string

beforeAll(async () => {
  const posts = await new ApiClient(baseUrl).get('/api/blog-posts?limit=1&status=published')
  postPath = `/post/${posts.body.posts[0].slug as string}`
})

describe('targeted clearing', () => {
  it('a comment on video X clears X’s page and leaves post Y’s and video Z’s pages kept', async () => {
    const { client } = await registerMember(baseUrl)
    const countOf = async () => (await client.get(`/api/videos/${VIDEO_X}`)).body.comments as number
    const before = await countOf()
    for (const path of [postPath, `/video/${VIDEO_Z}`, `/video/${VIDEO_X}`, '/']) await kept(path)
    const content = `Targeted clearing probe ${Date.now()}`
    expect((await client.post(`/api/videos/${VIDEO_X}/comments`, { authorName: 'x', content })).status).toBe(201)

    expect((await visitorPage(postPath)).hit, 'post Y').toBe(true)
    expect((await visitorPage(`/video/${VIDEO_Z}`)).hit, 'video Z').toBe(true)
    expect((await visitorPage('/')).hit, 'home page').toBe(true)
    const page = await visitorPage(`/video/${VIDEO_X}`)
    expect(page.hit, 'video X').toBe(false)
    expect(page.body).toContain(content)
    expect(await countOf()).toBe(before + 1)
  })

  it('a like and a vote on a comment of video X clear X’s page only', async () => {
    const { client } = await registerMember(baseUrl)
    const posted = await client.post(`/api/videos/${VIDEO_X}/comments`, { authorName: 'x', content: `Liked probe ${Date.now()}` })
    expect(posted.status).toBe(201)
    for (const action of [() => client.post(`/api/comments/${posted.body.id}/like`), () => client.post(`/api/comments/${posted.body.id}/vote`, { value: 'up' })]) {
      for (const path of [postPath, `/video/${VIDEO_X}`]) await kept(path)
      expect((await action()).status).toBe(200)
      expect((await visitorPage(postPath)).hit, 'post Y').toBe(true)
      expect((await visitorPage(`/video/${VIDEO_X}`)).hit, 'video X').toBe(false)
    }
  })

  it('a comment on video X reaches members’ kept page of X, while their kept post page stays kept', async () => {
    const reader = await registerMember(baseUrl)
    // Before the pages are kept: a new account is a user write, which clears every page.
    const { client } = await registerMember(baseUrl)
    const memberPage = async (path: string) => {
      const res = await fetch(baseUrl + path, { headers: { cookie: reader.client.cookie!, 'sec-fetch-site': 'same-origin' } })
      return { shell: res.headers.get('x-member-shell') === 'hit', body: await res.text() }
    }
    for (const path of [postPath, `/video/${VIDEO_X}`]) {
      await memberPage(path)
      expect((await memberPage(path)).shell, path).toBe(true)
    }
    const content = `Members see it too ${Date.now()}`
    expect((await client.post(`/api/videos/${VIDEO_X}/comments`, { authorName: 'x', content })).status).toBe(201)
    expect((await memberPage(postPath)).shell, 'post Y').toBe(true)
    expect((await memberPage(`/video/${VIDEO_X}`)).body).toContain(content)
  })
})
