// Points awards: SPEC §3 Point activity, §4 Points award, §7 Points and stats, §9 points and descriptions:
// Every way a member earns points, each action's own response carrying its award, and the read APIs.
import { describe, expect, inject, it } from 'vitest'

import { posts } from '../../cms/seed/fixtures/posts'
import { videos } from '../../cms/seed/fixtures/videos'
import { ApiClient, isoDateYearsAgo, registerMember } from '../helpers/api-client'
import { AWARD_KEYS, ledgerOf, rowsAddedBy, rowsOfType, sumOf, totalsOf } from './points-helpers'
import { sql } from './sql'

const baseUrl = inject('baseUrl')
const freeVideos = videos.filter((v) => !v.isPremium)
// Not the newest video: tests/int/videos.test.ts counts that one's comments.
const video = freeVideos.at(-2)!
const shortVideo = videos.find((v) => v.duration === 'PT45S')!
const post = posts.find((p) => p.status === 'published')!

describe('points the server awards from the event itself', () => {
  it('registration earns community_join (25) in its response; the first signed-in request of the day the login bonus, once', async () => {
    const client = new ApiClient(baseUrl)
    const password = 'correct-horse-9'
    const username = `pts_${Date.now().toString(36)}`
    const res = await client.post('/api/auth/register', { username, dateOfBirth: isoDateYearsAgo(30), password, confirmPassword: password })
    expect(res.status).toBe(201)
    expect(Object.keys(res.body.award).sort()).toEqual(AWARD_KEYS)
    const userId = res.body.user.id
    const joined = await rowsOfType(userId, 'community_join')
    expect(joined).toMatchObject([{ points: 25, description: 'Joined the community' }])
    expect(res.body.award.pointsAwarded).toBe(sumOf(await ledgerOf(userId)))

    await Promise.all([client.get('/api/auth/me'), client.get('/api/auth/me'), client.get('/api/bookmarks')])
    await client.get('/api/auth/me')
    expect(await rowsOfType(userId, 'login')).toMatchObject([{ points: 5, description: 'Daily login bonus' }])
    const me = await client.get('/api/auth/me')
    expect(me.body.user?.points ?? me.body.points).toBe((await totalsOf(userId)).points)
  })

  it("a member's comment earns comment_post (15) and first_comment once; the POST response carries the award", async () => {
    const { client, user } = await registerMember(baseUrl)
    await client.get('/api/auth/me') // the day's login bonus first, so it is not in the comment's rows
    const { result: first, rows } = await rowsAddedBy(user.id, () => client.post(`/api/videos/${video.videoId}/comments`, { content: 'Points please' }))
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ content: 'Points please', authorId: user.id })
    expect(Object.keys(first.body.award).sort()).toEqual(AWARD_KEYS)
    expect(rows.map((r) => r.activity_type)).toEqual(expect.arrayContaining(['comment_post', 'first_comment', 'achievement_unlock']))
    expect(rows.find((r) => r.activity_type === 'comment_post')).toMatchObject({ points: 15, description: `Commented on: ${video.title}`, content_type: 'video', content_id: video.videoId })
    expect(first.body.award.pointsAwarded).toBe(sumOf(rows))
    expect(first.body.award.achievementUnlocked).toMatchObject({ name: 'first_comment', title: 'First Words', rarity: 'common' })

    const second = await client.post(`/api/videos/${video.videoId}/comments`, { content: 'Again' })
    expect(second.body.award).toMatchObject({ pointsAwarded: 15, achievementUnlocked: null })
    expect(await rowsOfType(user.id, 'first_comment')).toHaveLength(1)
    // The session remembered before the comments carries the committed points on the next request.
    const me = await client.get('/api/auth/me')
    expect(me.body.user?.points ?? me.body.points).toBe((await totalsOf(user.id)).points)

    const visitor = await new ApiClient(baseUrl).post(`/api/videos/${video.videoId}/comments`, { authorName: 'Visitor', content: 'No points' })
    expect(visitor.status).toBe(201)
    expect(visitor.body.award).toBeUndefined()
  })

  it('a bookmark earns bookmark_add (5) once per item ever, and first_bookmark once', async () => {
    const { client, user } = await registerMember(baseUrl)
    const key = { contentType: 'blog_post', contentId: post.slug }
    const saved = await client.post('/api/bookmarks', key)
    expect(saved.status).toBe(201)
    expect(saved.body).toMatchObject({ ...key, title: post.title })
    expect(saved.body.award.pointsAwarded).toBeGreaterThanOrEqual(5 + 5)
    expect(await rowsOfType(user.id, 'bookmark_add')).toMatchObject([{ points: 5, description: `Bookmarked: ${post.title}` }])
    expect(await rowsOfType(user.id, 'first_bookmark')).toHaveLength(1)

    expect((await client.request('DELETE', `/api/bookmarks/blog_post/${post.slug}`)).status).toBe(200)
    const again = await client.post('/api/bookmarks', key)
    expect(again.status).toBe(201)
    expect(again.body.award).toEqual({ pointsAwarded: 0, levelUp: false, newLevel: null, achievementUnlocked: null })
    expect(await rowsOfType(user.id, 'bookmark_add')).toHaveLength(1)
  })

  it('a counted view earns video_watch (10) once per video per day', async () => {
    const { client, user } = await registerMember(baseUrl)
    const first = await client.post('/api/videos/track-views', { videoId: video.videoId })
    expect(first.body).toMatchObject({ counted: true })
    expect(first.body.award.pointsAwarded).toBeGreaterThanOrEqual(10)
    expect(await rowsOfType(user.id, 'video_watch')).toMatchObject([{ points: 10, description: `Watched: ${video.title}` }])
    const again = await client.post('/api/videos/track-views', { videoId: video.videoId })
    expect(again.body.counted).toBe(false)
    expect(again.body.award).toBeUndefined()
    // Another hour, same day: counted as a view, no second award.
    await sql("update video_views set hour = hour - interval '1 hour' where viewer_key = $1", [`user:${user.id}`])
    const later = await client.post('/api/videos/track-views', { videoId: video.videoId })
    expect(later.body.counted).toBe(true)
    expect(later.body.award.pointsAwarded).toBe(0)
    expect(await rowsOfType(user.id, 'video_watch')).toHaveLength(1)
  })

  it('a profile update earns profile_update once a day; age verification once', async () => {
    const { client, user } = await registerMember(baseUrl)
    const edited = await client.request('PUT', '/api/profile', { bio: 'Hello' })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ id: user.id, bio: 'Hello' })
    expect(edited.body.award.pointsAwarded).toBeGreaterThanOrEqual(5)
    expect((await client.request('PUT', '/api/profile', { bio: 'Hello again' })).body.award.pointsAwarded).toBe(0)
    expect(await rowsOfType(user.id, 'profile_update')).toMatchObject([{ points: 5, description: 'Updated profile information' }])

    const verified = await client.post('/api/auth/verify-age', { dateOfBirth: isoDateYearsAgo(25) })
    expect(verified.status).toBe(200)
    expect(verified.body.user.isVerified).toBe(true)
    expect(verified.body.award.pointsAwarded).toBeGreaterThanOrEqual(20)
    expect(verified.body.user.points).toBe((await totalsOf(user.id)).points)
    expect((await client.post('/api/auth/verify-age', { dateOfBirth: isoDateYearsAgo(25) })).body.award.pointsAwarded).toBe(0)
    expect(await rowsOfType(user.id, 'age_verification')).toMatchObject([{ points: 20, description: 'Completed age verification' }])
  })
})

describe('POST /api/points/award: what only the browser sees, on the server’s evidence', () => {
  const beat = (client: ApiClient, position: number) => client.post(`/api/videos/${shortVideo.videoId}/progress`, { position })
  /** Moves the member's last beat back in time, as if `seconds` of real time had passed. */
  const wait = (userId: number, seconds: number) => sql(`update video_progress set last_beat_at = last_beat_at - interval '${seconds} seconds' where user_id = $1`, [userId])

  it('video_complete: seeking to the end earns nothing; beats spaced in real time covering 80% do, once', async () => {
    const { client, user } = await registerMember(baseUrl)
    const claim = () => client.post('/api/points/award', { activityType: 'video_complete', contentType: 'video', contentId: shortVideo.videoId })
    expect((await beat(client, 0)).status).toBe(200)
    const skipped = await beat(client, 45)
    expect(skipped.body).toEqual({ coveredSeconds: 0, durationSeconds: 45, complete: false })
    const refused = await claim()
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBeTruthy()

    await beat(client, 0)
    for (const position of [10, 20, 30, 40]) {
      await wait(user.id, 10)
      await beat(client, position)
    }
    const progress = await beat(client, 40)
    expect(progress.body).toMatchObject({ coveredSeconds: 40, complete: true })
    const award = await claim()
    expect(award.status).toBe(200)
    expect(Object.keys(award.body).sort()).toEqual(AWARD_KEYS)
    expect(award.body.pointsAwarded).toBeGreaterThanOrEqual(25)
    expect(await rowsOfType(user.id, 'video_complete')).toMatchObject([{ points: 25, description: `Completed: ${shortVideo.title}` }])
    expect((await claim()).body).toEqual({ pointsAwarded: 0, levelUp: false, newLevel: null, achievementUnlocked: null })
  })

  it('blog_read: the member opened the published post at least 30 s before (server clock), once per post', async () => {
    const { client, user } = await registerMember(baseUrl)
    const claim = () => client.post('/api/points/award', { activityType: 'blog_read', contentType: 'blog_post', contentId: post.slug })
    expect((await claim()).status).toBe(400) // never opened
    expect((await client.get(`/api/blog-posts/slug/${post.slug}`)).status).toBe(200)
    expect((await claim()).status).toBe(400) // opened just now
    await sql("update post_reads set opened_at = opened_at - interval '31 seconds' where user_id = $1", [user.id])
    const award = await claim()
    expect(award.status).toBe(200)
    expect(award.body.pointsAwarded).toBeGreaterThanOrEqual(10)
    expect(await rowsOfType(user.id, 'blog_read')).toMatchObject([{ points: 10, description: `Read: ${post.title}` }])
    expect((await claim()).body.pointsAwarded).toBe(0)
  })

  it('content_share: a readable item, once per item per day, at most 5 a day', async () => {
    const { client, user } = await registerMember(baseUrl)
    const share = (videoId: string) => client.post('/api/points/award', { activityType: 'content_share', contentType: 'video', contentId: videoId })
    const results = []
    for (const v of freeVideos.slice(0, 6)) results.push((await share(v.videoId)).body.pointsAwarded)
    expect(results.slice(0, 5).every((points) => points >= 5)).toBe(true)
    expect(results[5]).toBe(0)
    expect((await share(freeVideos[0]!.videoId)).body.pointsAwarded).toBe(0)
    expect(await rowsOfType(user.id, 'content_share')).toHaveLength(5)
  })

  it('any other activity type is 400; visitors 401', async () => {
    const { client, user } = await registerMember(baseUrl)
    for (const activityType of ['login', 'comment_post', 'daily_streak', 'achievement_unlock', 'level_up', 'premium_subscription', 'hacking']) {
      const res = await client.post('/api/points/award', { activityType, contentId: video.videoId })
      expect(res.status, activityType).toBe(400)
      expect(res.body.error).toBeTruthy()
    }
    expect((await client.post('/api/points/award', { activityType: 'blog_read' })).status).toBe(400)
    const types = (await ledgerOf(user.id)).map((r) => r.activity_type)
    expect(types.filter((t) => !['community_join', 'login', 'achievement_unlock', 'level_up'].includes(t))).toEqual([])
    expect((await new ApiClient(baseUrl).post('/api/points/award', { activityType: 'blog_read', contentId: post.slug })).status).toBe(401)
  })
})

describe('read APIs (§7 shapes)', () => {
  it('stats, recent activities, achievements and both leaderboards', async () => {
    const { client, user, username } = await registerMember(baseUrl)
    await client.post(`/api/videos/${video.videoId}/comments`, { content: 'For the board' })
    const stats = await client.get('/api/user/stats')
    expect(stats.status).toBe(200)
    const totals = await totalsOf(user.id)
    expect(stats.body).toMatchObject({ level: totals.level, points: totals.points, totalPointsEarned: totals.total, streak: 1 })
    expect(stats.body.nextLevel).toEqual({ level: totals.level + 1, pointsRequired: expect.any(Number), pointsNeeded: expect.any(Number) })
    expect(stats.body.nextLevel.pointsNeeded).toBe(stats.body.nextLevel.pointsRequired - totals.points)
    expect(stats.body.achievements[0]).toMatchObject({ achievement: { id: expect.any(Number), title: expect.any(String), description: expect.any(String), rarity: expect.any(String) } })
    for (const period of ['daily', 'weekly', 'monthly', 'allTime']) expect(stats.body.rank[period]).toBeGreaterThanOrEqual(1)

    const recent = await client.get('/api/user/recent-activities')
    expect(recent.status).toBe(200)
    expect(recent.body[0]).toMatchObject({ activityType: expect.any(String), points: expect.any(Number), description: expect.any(String), createdAt: expect.any(String) })
    expect(recent.body.map((r: { activityType: string }) => r.activityType)).toContain('comment_post')

    const mine = await client.get('/api/achievements')
    expect(mine.body.length).toBeGreaterThanOrEqual(20)
    expect(mine.body.find((a: { name: string }) => a.name === 'first_comment')).toMatchObject({ isUnlocked: true, unlockedAt: expect.any(String), progress: 1, points: 30 })
    const visitorView = (await new ApiClient(baseUrl).get('/api/achievements')).body
    const secrets = visitorView.filter((a: { isSecret: boolean }) => a.isSecret)
    expect(secrets.length).toBeGreaterThanOrEqual(2)
    for (const secret of secrets) expect(secret).toMatchObject({ title: null, description: null })
    expect(visitorView[0].isUnlocked).toBeUndefined()
    expect(new Set(visitorView.map((a: { category: string }) => a.category))).toEqual(new Set(['engagement', 'social', 'milestone', 'premium', 'special']))
    expect(new Set(visitorView.map((a: { rarity: string }) => a.rarity))).toEqual(new Set(['common', 'rare', 'epic', 'legendary']))

    for (const period of ['daily', 'weekly', 'monthly', 'all_time']) {
      const board = await new ApiClient(baseUrl).get(`/api/leaderboard?period=${period}`)
      expect(board.status).toBe(200)
      const rank = stats.body.rank[period === 'all_time' ? 'allTime' : period]
      const row = board.body.find((r: { user: { id: number } }) => r.user.id === user.id)
      // The board lists the top 50; earlier suites' members may fill it.
      if (row) expect(row, period).toMatchObject({ rank, points: expect.any(Number), user: { username, memberNumber: expect.any(Number), badges: expect.arrayContaining(['member']) } })
      else expect(rank).toBeGreaterThan(board.body.length)
      expect(board.body[0]).toMatchObject({ rank: 1, points: expect.any(Number), user: { id: expect.any(Number), username: expect.any(String), badges: expect.any(Array) } })
      expect(board.body.map((r: { rank: number }) => r.rank)).toEqual(board.body.map((_: unknown, i: number) => i + 1))
      const points = board.body.map((r: { points: number }) => r.points)
      expect(points).toEqual([...points].sort((a, b) => b - a))
    }
    const weekly = await new ApiClient(baseUrl).get('/api/leaderboard/weekly')
    expect(Object.keys(weekly.body[0]).sort()).toEqual(['level', 'points', 'userId', 'username'])
    const myWeek = weekly.body.find((r: { userId: number }) => r.userId === user.id)
    if (myWeek) expect(myWeek).toEqual({ userId: user.id, username, level: totals.level, points: expect.any(Number) })

    const bad = await client.get('/api/leaderboard?period=yearly')
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatch(/period/)
    const visitor = new ApiClient(baseUrl)
    expect((await visitor.get('/api/user/stats')).status).toBe(401)
    expect((await visitor.get('/api/user/recent-activities')).status).toBe(401)
  })

  it('the browser sets the member’s time zone; unknown zones are 400', async () => {
    const { client, user } = await registerMember(baseUrl)
    expect((await client.request('PUT', '/api/user/time-zone', { timeZone: 'Mars/Olympus' })).status).toBe(400)
    const res = await client.request('PUT', '/api/user/time-zone', { timeZone: 'Asia/Tokyo' })
    expect(res.body).toEqual({ timeZone: 'Asia/Tokyo' })
    expect((await sql('select time_zone from users where id = $1', [user.id]))[0]!.time_zone).toBe('Asia/Tokyo')
    expect((await new ApiClient(baseUrl).request('PUT', '/api/user/time-zone', { timeZone: 'Asia/Tokyo' })).status).toBe(401)
  })
})
