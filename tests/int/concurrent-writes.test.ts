// One member's parallel writes (bookmarks, comments, likes, reactions, votes, view reports): every
// one is stored or answered 4xx, never a 5xx (a deadlock between the rows that reference the member
// and the points award's lock on the member's row), and another member's write goes through meanwhile.
import { describe, expect, inject, it } from 'vitest'

import { posts } from '../../cms/seed/fixtures/posts'
import { videos } from '../../cms/seed/fixtures/videos'
import { REACTION_EMOJIS } from '../../shared/reactions'
import { ApiClient, registerMember, type ApiResponse } from '../helpers/api-client'
import { rowsOfType, totalsOf } from './points-helpers'
import { sql } from './sql'

const baseUrl = inject('baseUrl')

const openVideos = videos.filter((v) => !v.isPremium && !('isUncut' in v && v.isUncut)).map((v) => v.videoId)
const publishedPosts = posts.filter((p) => p.status === 'published').map((p) => p.slug)
/** 30 distinct items a member may bookmark: videos first, then posts. */
const ITEMS = [...openVideos.slice(0, 20).map((id) => ({ contentType: 'video', contentId: id })), ...publishedPosts.slice(0, 10).map((slug) => ({ contentType: 'blog_post', contentId: slug }))]

const statuses = (responses: ApiResponse[]) => responses.map((r) => r.status)
const serverErrors = (responses: ApiResponse[]) => responses.filter((r) => r.status >= 500).map((r) => `${r.status} ${JSON.stringify(r.body)}`)

/** The member's ledger agrees with their points (no award half-written). */
async function ledgerMatchesTotals(userId: number) {
  const [ledger] = await sql<{ sum: number }>('select coalesce(sum(points), 0)::int as sum from point_activities where user_id = $1', [userId])
  expect((await totalsOf(userId)).points).toBe(ledger!.sum)
}

describe('thirty parallel bookmarks from one member', () => {
  it('distinct items: every one stored, none a 5xx, bookmark_add paid up to its daily cap; another member is not held up', async () => {
    expect(ITEMS).toHaveLength(30)
    const { client, user } = await registerMember(baseUrl)
    const other = await registerMember(baseUrl)
    const [responses, otherSave] = await Promise.all([
      Promise.all(ITEMS.map((item) => client.post('/api/bookmarks', item))),
      other.client.post('/api/bookmarks', ITEMS[0]),
    ])
    expect(serverErrors(responses)).toEqual([])
    expect(statuses(responses)).toEqual(Array(30).fill(201))
    expect(otherSave.status).toBe(201)
    const [stored] = await sql<{ n: number }>('select count(*)::int as n from bookmarks where user_id = $1', [user.id])
    expect(stored!.n).toBe(30)
    expect(await rowsOfType(user.id, 'bookmark_add')).toHaveLength(20)
    expect(await rowsOfType(user.id, 'first_bookmark')).toHaveLength(1)
    await ledgerMatchesTotals(user.id)
  })

  it('the same item: one stored, the others 409', async () => {
    const { client, user } = await registerMember(baseUrl)
    const responses = await Promise.all(Array.from({ length: 30 }, () => client.post('/api/bookmarks', ITEMS[1])))
    expect(serverErrors(responses)).toEqual([])
    expect(statuses(responses).filter((s) => s === 201)).toHaveLength(1)
    expect(statuses(responses).filter((s) => s === 409)).toHaveLength(29)
    expect(await rowsOfType(user.id, 'bookmark_add')).toHaveLength(1)
    await ledgerMatchesTotals(user.id)
  })
})

describe('one member commenting, liking, reacting, voting and saving at once', () => {
  it('every write stored or answered 429 (its rate limit), none a 5xx', async () => {
    const video = openVideos[6]!
    // 30 comments by visitors (each their own address) for the member to like, react to and vote on.
    const targets: number[] = []
    for (let i = 0; i < 30; i++) {
      const res = await new ApiClient(baseUrl).post(`/api/videos/${video}/comments`, { authorName: `Visitor ${i}`, content: `target ${i}` })
      expect(res.status).toBe(201)
      targets.push(res.body.id)
    }
    const { client, user } = await registerMember(baseUrl)
    const burst = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => client.post(`/api/videos/${openVideos[i % openVideos.length]}/comments`, { content: `parallel ${i}` })),
      ...targets.map((id) => client.post(`/api/comments/${id}/like`)),
      ...targets.map((id, i) => client.post(`/api/comments/${id}/reactions`, { emoji: REACTION_EMOJIS[i % REACTION_EMOJIS.length] })),
      ...targets.map((id, i) => client.post(`/api/comments/${id}/vote`, { value: i % 2 ? 'up' : 'down' })),
      ...ITEMS.slice(0, 10).map((item) => client.post('/api/bookmarks', item)),
    ])
    expect(serverErrors(burst)).toEqual([])
    const [comments, likes, reactions, votes, saves] = [burst.slice(0, 30), burst.slice(30, 60), burst.slice(60, 90), burst.slice(90, 120), burst.slice(120)]
    // Comments: the per-account limit (5 a minute) answers the rest 429; every 201 is stored and paid.
    expect(statuses(comments).every((s) => s === 201 || s === 429)).toBe(true)
    const posted = comments.filter((r) => r.status === 201)
    expect(posted.length).toBeGreaterThan(0)
    const [stored] = await sql<{ n: number }>('select count(*)::int as n from comments where author_id = $1', [user.id])
    expect(stored!.n).toBe(posted.length)
    expect(await rowsOfType(user.id, 'comment_post')).toHaveLength(posted.length)
    // Likes, reactions and votes: 30 each is within their limits, so every one is stored.
    expect(statuses(likes)).toEqual(Array(30).fill(200))
    expect(statuses(reactions)).toEqual(Array(30).fill(200))
    expect(statuses(votes)).toEqual(Array(30).fill(200))
    const [likeRows] = await sql<{ n: number }>('select count(*)::int as n from comment_likes where user_id = $1', [user.id])
    expect(likeRows!.n).toBe(30)
    const [reactionRows] = await sql<{ n: number }>('select count(*)::int as n from comment_reactions where user_id = $1', [user.id])
    expect(reactionRows!.n).toBe(60) // 30 reactions and 30 votes (stored as reserved reactions)
    expect(statuses(saves)).toEqual(Array(10).fill(201))
    await ledgerMatchesTotals(user.id)
  })
})
