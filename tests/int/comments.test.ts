// SPEC §2 (comments section), §5 Comment, §6 roles, §7 Comments, §8: posting, listing, likes,
// reactions, deletion and the abuse limits of /api/videos/{id}/comments and /api/comments/{id}.
import { describe, expect, inject, it } from 'vitest'

import { videos } from '../../cms/seed/fixtures/videos'
import { ApiClient, registerMember } from '../helpers/api-client'

const baseUrl = inject('baseUrl')
const admin = inject('admin')

const freeVideos = videos.filter((v) => !v.isPremium).map((v) => v.videoId)
const VIDEO = freeVideos[1]!
const commentsOf = (videoId = VIDEO) => `/api/videos/${videoId}/comments`

async function signedInAdmin() {
  const client = new ApiClient(baseUrl)
  expect((await client.post('/api/auth/login', admin)).status).toBe(200)
  return client
}

async function postAsVisitor(content = 'A thoughtful comment', videoId = VIDEO) {
  const visitor = new ApiClient(baseUrl)
  const res = await visitor.post(commentsOf(videoId), { authorName: 'Visitor Vee', authorEmail: 'vee@example.org', content })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

describe('POST /api/videos/{id}/comments', () => {
  it('a visitor posts with a name and optional email; the email is never returned', async () => {
    const visitor = new ApiClient(baseUrl)
    const res = await visitor.post(commentsOf(), { authorName: '  Jane Doe ', authorEmail: 'jane@example.org', content: 'Great talk!' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ videoId: VIDEO, authorId: null, authorName: 'Jane Doe', content: 'Great talk!', likeCount: 0, reactions: [], canDelete: false })
    expect(res.body).not.toHaveProperty('authorEmail')
    expect(JSON.stringify((await new ApiClient(baseUrl).get(commentsOf())).body)).not.toContain('jane@example.org')
    const noEmail = await visitor.post(commentsOf(), { authorName: 'No Email', authorEmail: '', content: 'Fine without email' })
    expect(noEmail.status).toBe(201)
  })

  it("a member's comment is attributed to their account, whatever name the body gives", async () => {
    const { client, user, username } = await registerMember(baseUrl)
    const res = await client.post(commentsOf(), { authorName: 'creator', authorEmail: 'spoof@example.org', content: 'Posting as me' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ authorId: user.id, authorName: username, authorIsAdmin: false, authorIsPremium: false, canDelete: true })
  })

  it('validates with the spec messages', async () => {
    const visitor = new ApiClient(baseUrl)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ authorName: '', content: 'x' }, 'Name is required'],
      [{ authorName: 'A', authorEmail: 'not-an-email', content: 'x' }, 'Valid email is required'],
      [{ authorName: 'A', content: '   ' }, 'Comment is required'],
      [{ authorName: 'A', content: 'x'.repeat(2001) }, 'Comment is too long'],
    ]
    for (const [body, message] of cases) {
      const res = await visitor.post(commentsOf(), body)
      expect(res.status).toBe(400)
      expect(res.body.error).toBe(message)
    }
    const max = await visitor.post(commentsOf(), { authorName: 'A', content: 'y'.repeat(2000) })
    expect(max.status).toBe(201)
  })

  it('a member needs only content; bad JSON and unknown videos are clear errors', async () => {
    const { client } = await registerMember(baseUrl)
    expect((await client.post(commentsOf(), { content: '' })).body.error).toBe('Comment is required')
    const badJson = await client.request('POST', commentsOf(), '{not json')
    expect(badJson.status).toBe(400)
    const missing = await client.post(commentsOf('no_such_video_1'), { content: 'hello' })
    expect(missing.status).toBe(404)
    expect((await client.post(commentsOf('bad id!'), { content: 'hello' })).status).toBe(404)
  })

  it('stores markup as plain text: a script tag comes back as the same characters in JSON', async () => {
    const content = '<script>window.__pwned = true</script><img src=x onerror=alert(1)> & "quotes"'
    const created = await postAsVisitor(content)
    expect(created.content).toBe(content)
    const res = await fetch(`${baseUrl}${commentsOf()}`)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    const body = await res.json()
    expect(body.comments.find((c: { id: number }) => c.id === created.id).content).toBe(content)
  })

  it('is refused from other sites (CSRF)', async () => {
    const res = await new ApiClient(baseUrl).request('POST', commentsOf(), { authorName: 'A', content: 'x' }, { origin: 'https://evil.example' })
    expect(res.status).toBe(403)
  })
})

describe('GET /api/videos/{id}/comments', () => {
  it('lists newest first with counts and pages', async () => {
    const video = freeVideos[2]!
    const first = await postAsVisitor('first', video)
    const second = await postAsVisitor('second', video)
    const res = await new ApiClient(baseUrl).get(`${commentsOf(video)}?limit=1`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ page: 1, limit: 1 })
    expect(res.body.totalDocs).toBeGreaterThanOrEqual(2)
    expect(res.body.totalPages).toBe(res.body.totalDocs)
    expect(res.body.comments.map((c: { id: number }) => c.id)).toEqual([second.id])
    const page2 = await new ApiClient(baseUrl).get(`${commentsOf(video)}?limit=1&page=2`)
    expect(page2.body.comments.map((c: { id: number }) => c.id)).toEqual([first.id])
    expect((await new ApiClient(baseUrl).get(commentsOf('no_such_video_2'))).status).toBe(404)
  })

  it('shows author emails to admins only', async () => {
    const created = await postAsVisitor('email check')
    const { client: member } = await registerMember(baseUrl)
    const asMember = await member.get(commentsOf())
    expect(asMember.body.comments.find((c: { id: number }) => c.id === created.id)).not.toHaveProperty('authorEmail')
    const asAdmin = await (await signedInAdmin()).get(commentsOf())
    expect(asAdmin.body.comments.find((c: { id: number }) => c.id === created.id).authorEmail).toBe('vee@example.org')
    // And never through Payload's REST API either.
    const rest = await new ApiClient(baseUrl).get(`/cms/api/comments/${created.id}`)
    expect(rest.body).not.toHaveProperty('authorEmail')
  })

  it("marks the admin author's comments with authorIsAdmin (Premium only for a paid subscription); the creator account is named in site settings", async () => {
    const adminClient = await signedInAdmin()
    const posted = await adminClient.post(commentsOf(), { content: 'From the creator' })
    expect(posted.body).toMatchObject({ authorIsAdmin: true, authorIsPremium: false })
    const settings = await new ApiClient(baseUrl).get('/cms/api/globals/site-settings?depth=0')
    expect(settings.body.creator).toBe(posted.body.authorId)
  })
})

describe('likes', () => {
  it('once per member, even when clicked many times at once', async () => {
    const comment = await postAsVisitor('like me')
    const { client, user } = await registerMember(baseUrl)
    const results = await Promise.all(Array.from({ length: 8 }, () => client.post(`/api/comments/${comment.id}/like`)))
    for (const res of results) expect(res.status).toBe(200)
    expect(results.at(-1)!.body).toMatchObject({ commentId: comment.id, liked: true })
    const again = await client.post(`/api/comments/${comment.id}/like`)
    expect(again.body.likeCount).toBe(1)
    const listed = (await client.get(commentsOf())).body.comments.find((c: { id: number }) => c.id === comment.id)
    expect(listed).toMatchObject({ likeCount: 1, likedByMe: true })
    const rows = await (await signedInAdmin()).get(`/cms/api/comment-likes?where[comment][equals]=${comment.id}&depth=0`)
    expect(rows.body.docs.map((d: { user: number }) => d.user)).toEqual([user.id])
    // Someone else's view shows the count, not "liked by me".
    const other = (await new ApiClient(baseUrl).get(commentsOf())).body.comments.find((c: { id: number }) => c.id === comment.id)
    expect(other).toMatchObject({ likeCount: 1, likedByMe: false })
  })

  it('visitors cannot like; unknown comments are 404', async () => {
    const comment = await postAsVisitor('no visitor likes')
    const visitor = await new ApiClient(baseUrl).post(`/api/comments/${comment.id}/like`)
    expect(visitor.status).toBe(401)
    expect(visitor.body.error).toMatch(/sign in/i)
    const { client } = await registerMember(baseUrl)
    expect((await client.post('/api/comments/999999999/like')).status).toBe(404)
    expect((await client.post('/api/comments/abc/like')).status).toBe(404)
  })
})

describe('reactions', () => {
  it('toggle one emoji per member, with counts and "mine"', async () => {
    const comment = await postAsVisitor('react to me')
    const a = await registerMember(baseUrl)
    const b = await registerMember(baseUrl)
    const url = `/api/comments/${comment.id}/reactions`
    const on = await a.client.post(url, { emoji: '🔥' })
    expect(on.status).toBe(200)
    expect(on.body).toMatchObject({ commentId: comment.id, emoji: '🔥', reacted: true, reactions: [{ emoji: '🔥', count: 1, mine: true }] })
    await b.client.post(url, { emoji: '🔥' })
    const bHeart = await b.client.post(url, { emoji: '❤️' })
    expect(bHeart.body.reactions).toEqual([
      { emoji: '🔥', count: 2, mine: true },
      { emoji: '❤️', count: 1, mine: true },
    ])
    const off = await a.client.post(url, { emoji: '🔥' })
    expect(off.body).toMatchObject({ reacted: false })
    expect(off.body.reactions).toEqual([
      { emoji: '❤️', count: 1, mine: false },
      { emoji: '🔥', count: 1, mine: false },
    ])
    const listed = (await b.client.get(commentsOf())).body.comments.find((c: { id: number }) => c.id === comment.id)
    expect(listed.reactions).toEqual(expect.arrayContaining([{ emoji: '🔥', count: 1, mine: true }]))
  })

  it('concurrent toggles never leave duplicate rows', async () => {
    const comment = await postAsVisitor('race')
    const { client } = await registerMember(baseUrl)
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.post(`/api/comments/${comment.id}/reactions`, { emoji: '🎉' })))
    const listed = (await client.get(commentsOf())).body.comments.find((c: { id: number }) => c.id === comment.id)
    expect(listed.reactions.filter((r: { emoji: string }) => r.emoji === '🎉').every((r: { count: number }) => r.count === 1)).toBe(true)
    // Each answer's flag agrees with the counts it carries (both read after the toggle).
    for (const { body } of answers) {
      expect(body.reacted).toBe(body.reactions.some((r: { emoji: string; mine: boolean }) => r.emoji === '🎉' && r.mine))
    }
  })

  it('accepts only emojis from the picker; visitors cannot react', async () => {
    const comment = await postAsVisitor('picky')
    const { client } = await registerMember(baseUrl)
    for (const emoji of ['<b>', 'x', '🦄', '', 42]) {
      const res = await client.post(`/api/comments/${comment.id}/reactions`, { emoji })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('Please pick a reaction from the list')
    }
    const visitor = await new ApiClient(baseUrl).post(`/api/comments/${comment.id}/reactions`, { emoji: '🔥' })
    expect(visitor.status).toBe(401)
  })
})

describe('DELETE /api/comments/{id}', () => {
  it('the author may delete their own; likes and reactions go with it', async () => {
    const { client } = await registerMember(baseUrl)
    const { body: comment } = await client.post(commentsOf(), { content: 'mine to delete' })
    const other = await registerMember(baseUrl)
    await other.client.post(`/api/comments/${comment.id}/like`)
    await other.client.post(`/api/comments/${comment.id}/reactions`, { emoji: '💯' })
    const res = await client.request('DELETE', `/api/comments/${comment.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ id: comment.id, deleted: true })
    const ids = (await client.get(`${commentsOf()}?limit=100`)).body.comments.map((c: { id: number }) => c.id)
    expect(ids).not.toContain(comment.id)
    expect((await client.request('DELETE', `/api/comments/${comment.id}`)).status).toBe(404)
  })

  it("member A cannot delete B's comment (403, and the server decides, not the menu); visitors get 401", async () => {
    const a = await registerMember(baseUrl)
    const b = await registerMember(baseUrl)
    const { body: comment } = await b.client.post(commentsOf(), { content: "B's comment" })
    const listedForA = (await a.client.get(commentsOf())).body.comments.find((c: { id: number }) => c.id === comment.id)
    expect(listedForA.canDelete).toBe(false)
    const denied = await a.client.request('DELETE', `/api/comments/${comment.id}`)
    expect(denied.status).toBe(403)
    expect(denied.body.error).toBe('Only the author or an admin can delete this comment.')
    expect((await new ApiClient(baseUrl).request('DELETE', `/api/comments/${comment.id}`)).status).toBe(401)
    // Not through Payload's REST API either.
    expect([403, 404]).toContain((await a.client.request('DELETE', `/cms/api/comments/${comment.id}`)).status)
    const visitorComment = await postAsVisitor('nobody owns me')
    expect((await a.client.request('DELETE', `/api/comments/${visitorComment.id}`)).status).toBe(403)
    const still = (await a.client.get(`${commentsOf()}?limit=100`)).body.comments.map((c: { id: number }) => c.id)
    expect(still).toEqual(expect.arrayContaining([comment.id, visitorComment.id]))
  })

  it('admins and moderators may delete any comment', async () => {
    const adminClient = await signedInAdmin()
    const first = await postAsVisitor('admin removes this')
    const listed = (await adminClient.get(commentsOf())).body.comments.find((c: { id: number }) => c.id === first.id)
    expect(listed.canDelete).toBe(true)
    expect((await adminClient.request('DELETE', `/api/comments/${first.id}`)).status).toBe(200)

    const moderator = await registerMember(baseUrl)
    expect((await adminClient.patch(`/cms/api/users/${moderator.user.id}`, { isModerator: true })).status).toBe(200)
    const second = await postAsVisitor('moderator removes this')
    const asModerator = (await moderator.client.get(commentsOf())).body.comments.find((c: { id: number }) => c.id === second.id)
    expect(asModerator.canDelete).toBe(true)
    expect((await moderator.client.request('DELETE', `/api/comments/${second.id}`)).status).toBe(200)
  })
})

describe('abuse limits (5 comments a minute per IP and per account; 30 likes / reactions)', () => {
  it('a burst of 100 comments from one address: 5 are kept, the rest refused with 429, nothing else lost', async () => {
    const video = freeVideos[3]!
    const before = (await new ApiClient(baseUrl).get(commentsOf(video))).body.totalDocs
    const burst = new ApiClient(baseUrl)
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => burst.post(commentsOf(video), { authorName: 'Flood', content: `flood ${i}` })),
    )
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(95)
    const refused = results.find((r) => r.status === 429)!
    expect(refused.body.error).toMatch(/^You're commenting too fast\. Please wait 1 minute and try again\.$/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    const after = await new ApiClient(baseUrl).get(`${commentsOf(video)}?limit=100`)
    expect(after.body.totalDocs).toBe(before + 5)
    const kept = results.filter((r) => r.status === 201).map((r) => r.body.id)
    expect(after.body.comments.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining(kept))
    // Another address is unaffected.
    expect((await new ApiClient(baseUrl).post(commentsOf(video), { authorName: 'Other', content: 'still open' })).status).toBe(201)
  })

  it('a member is limited per account even when switching addresses', async () => {
    const { client } = await registerMember(baseUrl)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      client.ip = `198.51.100.${10 + i}`
      statuses.push((await client.post(commentsOf(), { content: `hop ${i}` })).status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
  })

  it('likes and reactions: 30 a minute per account', async () => {
    const comment = await postAsVisitor('limits')
    const { client } = await registerMember(baseUrl)
    const likes = []
    for (let i = 0; i < 31; i++) likes.push((await client.post(`/api/comments/${comment.id}/like`)).status)
    expect(likes.slice(0, 30).every((s) => s === 200)).toBe(true)
    expect(likes[30]).toBe(429)
    const reactions = []
    for (let i = 0; i < 31; i++) reactions.push((await client.post(`/api/comments/${comment.id}/reactions`, { emoji: '✨' })).status)
    expect(reactions.slice(0, 30).every((s) => s === 200)).toBe(true)
    const refused = await client.post(`/api/comments/${comment.id}/reactions`, { emoji: '✨' })
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatch(/Too many reactions/)
  })
})
