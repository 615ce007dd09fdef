// Points that cannot be farmed: racing duplicates make one row, a removed comment gives its points
// back, forged claims earn nothing, and no REST or GraphQL door writes points, levels or the ledger.
import { describe, expect, inject, it } from 'vitest'

import { posts } from '../../cms/seed/fixtures/posts'
import { videos } from '../../cms/seed/fixtures/videos'
import { ApiClient, registerMember } from '../helpers/api-client'
import { ledgerOf, rowsOfType, totalsOf } from './points-helpers'
import { sql } from './sql'
import { SEEDED, signedInAdmin } from './videos-helpers'

const baseUrl = inject('baseUrl')
const video = videos.filter((v) => !v.isPremium)[1]!
const post = posts.find((p) => p.status === 'published')!
const otherPost = posts.filter((p) => p.status === 'published')[1]!
const draft = posts.find((p) => p.status === 'draft')!

const dailyEntry = async (userId: number) =>
  (await sql<{ points: number }>("select points::int as points from leaderboard_entries where user_id = $1 and period = 'daily' order by period_start desc limit 1", [userId]))[0]?.points ?? 0

describe('ten identical requests at once make one ledger row', () => {
  it('claims, profile edits and bookmarks', async () => {
    const { client, user } = await registerMember(baseUrl)
    await client.get(`/api/blog-posts/slug/${post.slug}`)
    await sql("update post_reads set opened_at = opened_at - interval '1 minute' where user_id = $1", [user.id])
    const claims = await Promise.all(Array.from({ length: 10 }, () => client.post('/api/points/award', { activityType: 'blog_read', contentType: 'blog_post', contentId: post.slug })))
    expect(claims.map((r) => r.status)).toEqual(Array(10).fill(200))
    expect(claims.filter((r) => r.body.pointsAwarded > 0)).toHaveLength(1)
    expect(await rowsOfType(user.id, 'blog_read')).toHaveLength(1)

    const edits = await Promise.all(Array.from({ length: 10 }, (_, i) => client.request('PUT', '/api/profile', { bio: `bio ${i}` })))
    expect(edits.every((r) => r.status === 200)).toBe(true)
    expect(await rowsOfType(user.id, 'profile_update')).toHaveLength(1)

    await Promise.all(Array.from({ length: 10 }, () => client.post('/api/bookmarks', { contentType: 'video', contentId: video.videoId })))
    expect(await rowsOfType(user.id, 'bookmark_add')).toHaveLength(1)
    expect(await rowsOfType(user.id, 'first_bookmark')).toHaveLength(1)

    // The member's totals are the sum of their ledger; the all-time entry is too.
    const ledger = await ledgerOf(user.id)
    const sum = ledger.reduce((s, r) => s + r.points, 0)
    expect((await totalsOf(user.id)).points).toBe(sum)
    const [allTime] = await sql<{ points: number }>("select points::int as points from leaderboard_entries where user_id = $1 and period = 'all_time'", [user.id])
    expect(allTime!.points).toBe(sum)
  })
})

describe('a removed comment gives its points back', () => {
  it('by a moderator or an admin: a negative row; points, total and the board lowered in the same step', async () => {
    const { client, user } = await registerMember(baseUrl)
    const admin = await signedInAdmin()
    const comments = []
    for (const text of ['one', 'two', 'three']) comments.push((await client.post(`/api/videos/${video.videoId}/comments`, { content: text })).body)
    const before = await totalsOf(user.id)
    const boardBefore = await dailyEntry(user.id)

    expect((await admin.request('DELETE', `/api/comments/${comments[1].id}`)).status).toBe(200)
    const revoked = (await ledgerOf(user.id)).filter((r) => r.points < 0)
    expect(revoked).toMatchObject([{ activity_type: 'comment_post', points: -15, description: `Taken back: Commented on: ${video.title}`, idempotency_key: `revoke:comment_post:comment:${comments[1].id}` }])
    const after = await totalsOf(user.id)
    expect(after.points).toBe(before.points - 15)
    expect(after.total).toBe(before.total - 15)
    expect(after.level).toBe(before.level)
    expect(await dailyEntry(user.id)).toBe(boardBefore - 15)

    const moderator = await registerMember(baseUrl)
    expect((await admin.patch(`/cms/api/users/${moderator.user.id}`, { isModerator: true })).status).toBe(200)
    await moderator.client.get('/api/auth/me')
    expect((await moderator.client.request('DELETE', `/api/comments/${comments[2].id}`)).status).toBe(200)
    // The author removing their own comment: taken back too (post, delete, repost would farm).
    expect((await client.request('DELETE', `/api/comments/${comments[0].id}`)).status).toBe(200)
    expect((await ledgerOf(user.id)).filter((r) => r.points < 0)).toHaveLength(3)
    expect((await totalsOf(user.id)).points).toBe(before.points - 45)
    // first_comment and the achievement stay.
    expect(await rowsOfType(user.id, 'first_comment')).toHaveLength(1)
  })
})

describe('forged claims earn nothing', () => {
  it('no evidence, someone else’s evidence, drafts, locked premium videos, replays', async () => {
    const a = await registerMember(baseUrl)
    const b = await registerMember(baseUrl)
    const claim = (client: ApiClient, body: Record<string, unknown>) => client.post('/api/points/award', body)

    // B opened the post long ago; A did not: A's claim is refused.
    await b.client.get(`/api/blog-posts/slug/${otherPost.slug}`)
    await sql("update post_reads set opened_at = opened_at - interval '1 hour' where user_id = $1", [b.user.id])
    expect((await claim(a.client, { activityType: 'blog_read', contentType: 'blog_post', contentId: otherPost.slug })).status).toBe(400)
    // B's beats do not complete the video for A.
    const short = videos.find((v) => v.duration === 'PT45S')!
    await b.client.post(`/api/videos/${short.videoId}/progress`, { position: 0 })
    await sql("update video_progress set covered_seconds = 45 where user_id = $1", [b.user.id])
    expect((await claim(a.client, { activityType: 'video_complete', contentType: 'video', contentId: short.videoId })).status).toBe(400)
    // A draft, a made-up post, a made-up video, a premium video A cannot play.
    expect((await claim(a.client, { activityType: 'blog_read', contentType: 'blog_post', contentId: draft.slug })).status).toBe(404)
    expect((await claim(a.client, { activityType: 'blog_read', contentType: 'blog_post', contentId: 'no-such-post' })).status).toBe(404)
    expect((await claim(a.client, { activityType: 'video_complete', contentType: 'video', contentId: 'no_such_video' })).status).toBe(404)
    expect((await a.client.post(`/api/videos/${SEEDED.premiumManual}/progress`, { position: 10 })).status).toBe(404)
    expect((await claim(a.client, { activityType: 'content_share', contentType: 'video', contentId: SEEDED.premiumManual })).status).toBe(404)
    // A client-chosen number of points or description is ignored; server-awarded types are refused.
    expect((await claim(a.client, { activityType: 'login', description: 'Daily login bonus', metadata: { points: 1000 } })).status).toBe(400)
    expect((await claim(a.client, { activityType: 'premium_subscription', contentId: 'I-FAKE' })).status).toBe(400)
    // Bad progress beats.
    expect((await a.client.post(`/api/videos/${short.videoId}/progress`, { position: -5 })).status).toBe(400)
    expect((await a.client.post(`/api/videos/${short.videoId}/progress`, { position: 'end' })).status).toBe(400)
    expect((await new ApiClient(baseUrl).post(`/api/videos/${short.videoId}/progress`, { position: 5 })).status).toBe(401)

    const earned = (await ledgerOf(a.user.id)).map((r) => r.activity_type)
    expect(earned.filter((t) => ['blog_read', 'video_complete', 'content_share', 'premium_subscription'].includes(t))).toEqual([])

    // Replay: B's genuine blog_read, sent again, earns 0.
    const first = await claim(b.client, { activityType: 'blog_read', contentType: 'blog_post', contentId: otherPost.slug })
    expect(first.body.pointsAwarded).toBeGreaterThan(0)
    const replay = await claim(b.client, { activityType: 'blog_read', contentType: 'blog_post', contentId: String((await b.client.get(`/api/blog-posts/slug/${otherPost.slug}`)).body.id) })
    expect(replay.status).toBe(200)
    expect(replay.body).toEqual({ pointsAwarded: 0, levelUp: false, newLevel: null, achievementUnlocked: null })
  })
})

describe('no REST or GraphQL door writes points', () => {
  it('members cannot write points, level, streak or the gamification collections; admins cannot forge ledger rows', async () => {
    const { client, user } = await registerMember(baseUrl)
    await client.get('/api/auth/me')
    const before = await totalsOf(user.id)
    for (const data of [{ points: 99_999 }, { level: 10 }, { totalPointsEarned: 99_999 }, { streak: 365 }, { streakFreezes: 2 }, { timeZone: 'UTC' }]) {
      const res = await client.patch(`/cms/api/users/${user.id}`, data)
      expect(res.status, JSON.stringify(data)).toBeGreaterThanOrEqual(400)
    }
    expect(await totalsOf(user.id)).toEqual(before)

    const forged = { user: user.id, activityType: 'login', points: 1000, description: 'x', idempotencyKey: `forged-${user.id}` }
    const admin = await signedInAdmin()
    for (const who of [client, admin]) {
      expect((await who.post('/cms/api/point-activities', forged)).status).toBe(403)
      expect((await who.post('/cms/api/leaderboard-entries', { user: user.id, period: 'daily', periodStart: new Date().toISOString(), points: 1000, reachedAt: new Date().toISOString() })).status).toBe(403)
      expect((await who.post('/cms/api/user-achievements', { user: user.id, achievement: 1, unlockedAt: new Date().toISOString() })).status).toBe(403)
    }
    const ownRow = (await ledgerOf(user.id))[0]!
    expect((await client.patch(`/cms/api/point-activities/${ownRow.id}`, { points: 1000 })).status).toBe(403)
    expect((await client.request('DELETE', `/cms/api/point-activities/${ownRow.id}`)).status).toBe(403)
    expect((await admin.patch(`/cms/api/point-activities/${ownRow.id}`, { points: 1000 })).status).toBe(403)

    const level = (await admin.get('/cms/api/levels?where[level][equals]=2')).body.docs[0]
    expect((await client.patch(`/cms/api/levels/${level.id}`, { pointsRequired: 0 })).status).toBe(403)
    expect((await client.post('/cms/api/achievements', { name: 'mine', title: 'x', description: 'x', rarity: 'common', category: 'special', metric: 'level', targetCount: 1 })).status).toBe(403)
    // A member reads their own ledger rows only; the achievement catalogue (secrets) only through /api/achievements.
    const visible = (await client.get('/cms/api/point-activities?limit=100')).body.docs
    expect(visible.every((row: { user: number | { id: number } }) => (typeof row.user === 'object' ? row.user.id : row.user) === user.id)).toBe(true)
    expect((await client.get('/cms/api/achievements')).status).toBe(403)

    const graphql = await client.post('/cms/api/graphql', { query: 'mutation { updateUser(id: 1, data: { points: 5 }) { id } }' })
    expect(graphql.status).toBeGreaterThanOrEqual(400)
    expect(await totalsOf(user.id)).toEqual(before)
  })
})
