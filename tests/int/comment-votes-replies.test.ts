// Comments: votes (POST /api/comments/{id}/vote), replies one level deep
// (POST /api/comments/{id}/replies) and the counts the comment list serves.
import { describe, expect, inject, it } from 'vitest'

import { videos } from '../../cms/seed/fixtures/videos'
import { ApiClient, registerMember } from '../helpers/api-client'
import { rowsAddedBy, totalsOf } from './points-helpers'
import { sql } from './sql'

const baseUrl = inject('baseUrl')
const admin = inject('admin')

const freeVideos = videos.filter((v) => !v.isPremium).map((v) => v.videoId)
// A video of its own, so these counts are not disturbed by the other comment suites.
const VIDEO = freeVideos[4]!
const commentsOf = (videoId = VIDEO) => `/api/videos/${videoId}/comments`
const voteOn = (id: number) => `/api/comments/${id}/vote`
const repliesTo = (id: number) => `/api/comments/${id}/replies`

type View = { id: number; parentId: number | null; upCount: number; downCount: number; myVote: string | null; replies: View[]; content: string }

async function signedInAdmin() {
  const client = new ApiClient(baseUrl)
  expect((await client.post('/api/auth/login', admin)).status).toBe(200)
  return client
}

async function postAsVisitor(content: string) {
  const res = await new ApiClient(baseUrl).post(commentsOf(), { authorName: 'Visitor Vee', content })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as View
}

async function listed(client: ApiClient, id: number): Promise<View> {
  const page = (await client.get(`${commentsOf()}?limit=100`)).body as { comments: View[] }
  for (const top of page.comments) {
    if (top.id === id) return top
    const reply = top.replies.find((r) => r.id === id)
    if (reply) return reply
  }
  throw new Error(`comment ${id} not listed`)
}

const voteRows = (commentId: number) =>
  sql<{ user_id: number; emoji: string }>(`select user_id, emoji from comment_reactions where comment_id = $1 and emoji in ('👍', '👎')`, [commentId])

describe('votes', () => {
  it('toggle and switch: one vote per member, counts served with the list', async () => {
    const comment = await postAsVisitor('vote on me')
    const a = await registerMember(baseUrl)
    const b = await registerMember(baseUrl)

    expect((await a.client.post(voteOn(comment.id), { value: 'up' })).body).toEqual({ commentId: comment.id, myVote: 'up', upCount: 1, downCount: 0 })
    expect((await b.client.post(voteOn(comment.id), { value: 'up' })).body).toMatchObject({ myVote: 'up', upCount: 2, downCount: 0 })
    // The other one switches, it does not add a second vote.
    expect((await a.client.post(voteOn(comment.id), { value: 'down' })).body).toMatchObject({ myVote: 'down', upCount: 1, downCount: 1 })
    expect(await listed(a.client, comment.id)).toMatchObject({ upCount: 1, downCount: 1, myVote: 'down' })
    expect(await listed(b.client, comment.id)).toMatchObject({ upCount: 1, downCount: 1, myVote: 'up' })
    expect(await listed(new ApiClient(baseUrl), comment.id)).toMatchObject({ upCount: 1, downCount: 1, myVote: null })
    // Taking it back (the island sends null on a second press of the same button).
    expect((await a.client.post(voteOn(comment.id), { value: null })).body).toMatchObject({ myVote: null, upCount: 1, downCount: 0 })
    expect((await a.client.post(voteOn(comment.id), { value: null })).body).toMatchObject({ myVote: null, upCount: 1, downCount: 0 })
    expect(await voteRows(comment.id)).toEqual([{ user_id: b.user.id, emoji: '👍' }])
    // Votes are not reactions: the reaction list stays empty.
    expect((await listed(b.client, comment.id) as unknown as { reactions: unknown[] }).reactions).toEqual([])
  })

  it('racing votes leave exactly one row per member', async () => {
    const comment = await postAsVisitor('race me')
    const { client, user } = await registerMember(baseUrl)
    const values = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? 'down' : 'up'))
    const results = await Promise.all(values.map((value) => client.post(voteOn(comment.id), { value })))
    for (const res of results) expect(res.status, JSON.stringify(res.body)).toBe(200)
    const rows = await voteRows(comment.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.user_id).toBe(user.id)
    const view = await listed(client, comment.id)
    expect(view.upCount + view.downCount).toBe(1)
    expect(view.myVote).toBe(rows[0]!.emoji === '👍' ? 'up' : 'down')
  })

  it('visitors get 401; bad values 400; unknown comments 404; other sites refused', async () => {
    const comment = await postAsVisitor('no visitor votes')
    const visitor = await new ApiClient(baseUrl).post(voteOn(comment.id), { value: 'up' })
    expect(visitor.status).toBe(401)
    expect(visitor.body.error).toBe('Please sign in to vote on comments.')
    const { client } = await registerMember(baseUrl)
    expect((await client.post(voteOn(comment.id), { value: 'sideways' })).status).toBe(400)
    expect((await client.post(voteOn(comment.id), {})).status).toBe(400)
    expect((await client.post(voteOn(999_999_999), { value: 'up' })).status).toBe(404)
    expect((await client.post('/api/comments/abc/vote', { value: 'up' })).status).toBe(404)
    const csrf = await client.request('POST', voteOn(comment.id), { value: 'up' }, { origin: 'https://evil.example' })
    expect(csrf.status).toBe(403)
    expect(await voteRows(comment.id)).toEqual([])
  })
})

describe('replies', () => {
  it('attach under the top-level comment, oldest first; a reply to a reply goes to the top; counts include them', async () => {
    const before = (await new ApiClient(baseUrl).get(commentsOf())).body as { totalDocs: number; commentCount: number }
    const top = await postAsVisitor('top-level')
    const a = await registerMember(baseUrl)
    const b = await registerMember(baseUrl)
    const first = await a.client.post(repliesTo(top.id), { content: 'first reply at 0:42' })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body).toMatchObject({ parentId: top.id, authorId: a.user.id, replies: [], upCount: 0, downCount: 0 })
    const second = await b.client.post(repliesTo(first.body.id), { content: 'reply to the reply' })
    expect(second.status).toBe(201)
    expect(second.body.parentId).toBe(top.id)
    const visitorReply = await new ApiClient(baseUrl).post(repliesTo(top.id), { authorName: 'Guest', content: 'visitor reply' })
    expect(visitorReply.status).toBe(201)

    const page = (await new ApiClient(baseUrl).get(`${commentsOf()}?limit=100`)).body as { comments: View[]; totalDocs: number; commentCount: number }
    // Replies are not top-level comments: they are listed under their parent only.
    expect(page.comments.map((c) => c.id)).not.toContain(first.body.id)
    const listedTop = page.comments.find((c) => c.id === top.id)!
    expect(listedTop.replies.map((r) => r.content)).toEqual(['first reply at 0:42', 'reply to the reply', 'visitor reply'])
    expect(listedTop.replies.every((r) => r.replies.length === 0 && r.parentId === top.id)).toBe(true)
    expect(page.totalDocs).toBe(before.totalDocs + 1)
    expect(page.commentCount).toBe(before.commentCount + 4)
    // The video's own count (header, Engagement) agrees.
    expect((await new ApiClient(baseUrl).get(`/api/videos/${VIDEO}`)).body.comments).toBe(page.commentCount)
  })

  it('follow the comment rules: validation, unknown parents, the rate limit', async () => {
    const top = await postAsVisitor('validate replies')
    const { client } = await registerMember(baseUrl)
    expect((await client.post(repliesTo(top.id), { content: '   ' })).body.error).toBe('Comment is required')
    expect((await client.post(repliesTo(top.id), { content: 'x'.repeat(2001) })).body.error).toBe('Comment is too long')
    expect((await new ApiClient(baseUrl).post(repliesTo(top.id), { authorName: '', content: 'x' })).body.error).toBe('Name is required')
    expect((await client.post(repliesTo(999_999_999), { content: 'hello' })).status).toBe(404)
    // Replies count against the same 5-a-minute posting limit as comments.
    const limited = await registerMember(baseUrl)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await limited.client.post(i % 2 ? repliesTo(top.id) : commentsOf(), { content: `burst ${i}` })).status)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
  })

  it("a comment on a video the reader cannot open (premium) cannot be replied to or voted on by them", async () => {
    const premiumVideo = videos.find((v) => v.isPremium && !v.isUncut)?.videoId ?? videos.find((v) => v.isPremium)!.videoId
    const adminClient = await signedInAdmin()
    const posted = await adminClient.post(commentsOf(premiumVideo), { content: 'for premium members' })
    expect(posted.status, JSON.stringify(posted.body)).toBe(201)
    const { client } = await registerMember(baseUrl)
    expect((await client.post(repliesTo(posted.body.id), { content: 'let me in' })).status).toBe(404)
    expect((await new ApiClient(baseUrl).post(repliesTo(posted.body.id), { authorName: 'Guest', content: 'let me in' })).status).toBe(404)
    expect((await client.post(voteOn(posted.body.id), { value: 'up' })).status).toBe(404)
    expect((await adminClient.post(repliesTo(posted.body.id), { content: 'admins can' })).status).toBe(201)
  })

  it('earn comment points; deleting the parent removes its replies and takes their points back', async () => {
    const owner = await registerMember(baseUrl)
    const { body: top } = await owner.client.post(commentsOf(), { content: 'parent to delete' })
    const replier = await registerMember(baseUrl)
    const { result: reply, rows } = await rowsAddedBy(replier.user.id, () => replier.client.post(repliesTo(top.id), { content: 'I will be removed too' }))
    expect(reply.status).toBe(201)
    expect(rows.find((r) => r.activity_type === 'comment_post')?.points).toBe(15)
    // The reply's answer carries its award, as a comment's does (the points toast needs no second call).
    expect(reply.body.award?.pointsAwarded).toBeGreaterThanOrEqual(15)
    const afterReply = (await totalsOf(replier.user.id)).points

    // The replier may not delete the parent; its author may.
    expect((await replier.client.request('DELETE', `/api/comments/${top.id}`)).status).toBe(403)
    const { rows: taken } = await rowsAddedBy(replier.user.id, async () => {
      expect((await owner.client.request('DELETE', `/api/comments/${top.id}`)).status).toBe(200)
    })
    expect(taken).toEqual([expect.objectContaining({ activity_type: 'comment_post', points: -15 })])
    expect((await totalsOf(replier.user.id)).points).toBe(afterReply - 15)
    expect(await sql('select id from comments where id = any($1)', [[top.id, reply.body.id]])).toEqual([])
  })

  it('a reply is deleted by its author, a moderator or an admin, not by the parent’s author or a visitor', async () => {
    const parentAuthor = await registerMember(baseUrl)
    const { body: top } = await parentAuthor.client.post(commentsOf(), { content: 'parent stays' })
    const replier = await registerMember(baseUrl)
    const post = async () => (await replier.client.post(repliesTo(top.id), { content: 'a reply' })).body as View

    const own = await post()
    expect((await listed(replier.client, own.id) as unknown as { canDelete: boolean }).canDelete).toBe(true)
    expect((await parentAuthor.client.request('DELETE', `/api/comments/${own.id}`)).status).toBe(403)
    expect((await new ApiClient(baseUrl).request('DELETE', `/api/comments/${own.id}`)).status).toBe(401)
    const { rows } = await rowsAddedBy(replier.user.id, async () => {
      expect((await replier.client.request('DELETE', `/api/comments/${own.id}`)).status).toBe(200)
    })
    expect(rows).toEqual([expect.objectContaining({ activity_type: 'comment_post', points: -15 })])

    const byAdmin = await post()
    expect((await (await signedInAdmin()).request('DELETE', `/api/comments/${byAdmin.id}`)).status).toBe(200)
    const moderator = await registerMember(baseUrl)
    expect((await (await signedInAdmin()).patch(`/cms/api/users/${moderator.user.id}`, { isModerator: true })).status).toBe(200)
    const byModerator = await post()
    expect((await moderator.client.request('DELETE', `/api/comments/${byModerator.id}`)).status).toBe(200)
    // The parent is untouched and has no replies left.
    expect((await listed(replier.client, top.id)).replies).toEqual([])
  })
})
