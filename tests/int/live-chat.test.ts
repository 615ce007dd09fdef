// The members' live chat beside a stream, on two server processes sharing one database.
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { LIVE_CHAT_RATE } from '../../shared/constants'
import { CANNOT_MUTE_MODERATOR, CHAT_OPENS_WHEN_LIVE, CHAT_READ_ONLY, MUTED_IN_CHAT } from '../../shared/live-chat-messages'
import { PREMIUM_REQUIRED_DESCRIPTION } from '../../shared/messages'
import type { LiveChatMessage } from '../../shared/types/live'
import { ApiClient, registerMember } from '../helpers/api-client'
import { ROOT, runLabel } from '../helpers/test-database'
import { startTestServer, type TestServer } from '../helpers/test-server'
import { createStream, openEvents, onServer, setStatus, type EventStream } from './live-chat-helpers'
import { baseUrl, premiumMember, signedInAdmin } from './premium-helpers'
import { sql } from './sql'

let second: TestServer
let admin: ApiClient
const open: EventStream[] = []
const events = async (url: string, streamId: number | string, cookie: string | null) => {
  const stream = await openEvents(url, streamId, cookie)
  open.push(stream)
  return stream
}

beforeAll(async () => {
  // The suite server's secret, so one session cookie signs in on both (as behind a load balancer);
  // TRUST_PROXY as there: each client speaks from its own address.
  const secret = readFileSync(path.join(ROOT, '.data/test', `${runLabel('int')}-files`, 'payload-secret'), 'utf8').trim()
  second = await startTestServer('chat2', inject('databaseUrl'), { TRUST_PROXY: 'true', PAYLOAD_SECRET: secret })
  admin = await signedInAdmin()
})

afterAll(async () => {
  for (const stream of open) stream.close()
  await second?.stop()
})

const chatPath = (id: number) => `/api/live-streams/${id}/chat`
const isMessage = (id: number) => (event: { type: string; message?: LiveChatMessage }) => event.type === 'message' && event.message?.id === id

async function moderator() {
  const member = await registerMember(baseUrl)
  expect((await admin.patch(`/api/admin/users/${member.user.id}/moderator`, { isModerator: true })).status).toBe(200)
  return member
}

describe('live chat across two server processes', () => {
  it('a message posted on one process reaches viewers on both, as typed, after it is saved', async () => {
    const id = await createStream(admin)
    const { client, user, username } = await registerMember(baseUrl)
    const onA = await events(baseUrl, id, client.cookie)
    const onB = await events(second.url, id, client.cookie)
    expect(onA.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(onA.headers.get('cache-control')).toBe('no-cache, no-transform')
    expect(onA.headers.get('x-accel-buffering')).toBe('no')
    expect(onA.headers.get('content-encoding')).toBeNull()

    const body = '<b>bold</b> & <script>alert(1)</script> 😀'
    const posted = await client.post(chatPath(id), { body: `  ${body}  ` })
    expect(posted.status, JSON.stringify(posted.body)).toBe(201)
    expect(posted.body).toMatchObject({
      streamId: id,
      body,
      author: { id: user.id, username, avatarUrl: null, isAdmin: false, isPremium: false, isModerator: false },
    })
    for (const viewer of [onA, onB]) expect(await viewer.next(isMessage(posted.body.id))).toEqual({ type: 'message', message: posted.body })

    const history = await onServer(client, second.url).get(chatPath(id))
    expect(history.status).toBe(200)
    expect(history.body).toMatchObject({ canChat: true, canModerate: false, muted: false, status: 'live' })
    expect(history.body.messages.at(-1)).toEqual(posted.body)
  })

  it('history is oldest first; an empty or too long message is refused', async () => {
    const id = await createStream(admin)
    const { client } = await registerMember(baseUrl)
    for (const body of ['one', 'two']) expect((await client.post(chatPath(id), { body })).status).toBe(201)
    expect((await client.get(chatPath(id))).body.messages.map((m: LiveChatMessage) => m.body)).toEqual(['one', 'two'])
    expect((await client.post(chatPath(id), { body: '   ' })).status).toBe(400)
    expect((await client.post(chatPath(id), { body: 'x'.repeat(301) })).status).toBe(400)
  })

  it('a member over LIVE_CHAT_RATE is refused with 429 and Retry-After', async () => {
    const id = await createStream(admin)
    const { client } = await registerMember(baseUrl)
    for (let i = 0; i < LIVE_CHAT_RATE.messages; i++) expect((await client.post(chatPath(id), { body: `message ${i}` })).status).toBe(201)
    const refused = await client.post(chatPath(id), { body: 'one too many' })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(LIVE_CHAT_RATE.windowSeconds)
    expect(refused.body.error).toMatch(/too fast/)
  })

  it('the premium gate: a member without Premium is refused a premium stream’s chat and events, a visitor is asked to sign in', async () => {
    const id = await createStream(admin, { isPremium: true })
    const { client } = await registerMember(baseUrl)
    for (const res of [await client.get(chatPath(id)), await client.post(chatPath(id), { body: 'hello' })]) {
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ error: PREMIUM_REQUIRED_DESCRIPTION })
    }
    const refusedEvents = await events(second.url, id, client.cookie)
    expect(refusedEvents.status).toBe(403)
    expect(refusedEvents.body).toEqual({ error: PREMIUM_REQUIRED_DESCRIPTION })

    const visitor = new ApiClient(baseUrl)
    expect((await visitor.get(chatPath(id))).status).toBe(401)
    expect((await visitor.post(chatPath(id), { body: 'hello' })).status).toBe(401)
    expect((await events(baseUrl, id, null)).status).toBe(401)
    expect((await events(baseUrl, 2_000_000_000, client.cookie)).status).toBe(404)
    expect((await events(baseUrl, 'abc', client.cookie)).status).toBe(404)
    expect((await client.get(chatPath(2_000_000_000))).status).toBe(404)

    const premium = await premiumMember()
    const viewer = await events(second.url, id, premium.client.cookie)
    const posted = await premium.client.post(chatPath(id), { body: 'premium hello' })
    expect(posted.status, JSON.stringify(posted.body)).toBe(201)
    expect(posted.body.author.isPremium).toBe(true)
    await viewer.next(isMessage(posted.body.id))
  })

  it('a moderator deletes a message: it disappears on both processes at once and from the history', async () => {
    const id = await createStream(admin)
    const mod = await moderator()
    const { client } = await registerMember(baseUrl)
    const posted = await client.post(chatPath(id), { body: 'delete me' })
    expect(posted.status).toBe(201)
    const onA = await events(baseUrl, id, client.cookie)
    const onB = await events(second.url, id, mod.client.cookie)

    expect((await client.request('DELETE', `${chatPath(id)}/${posted.body.id}`)).status).toBe(403)
    const modOnB = onServer(mod.client, second.url)
    expect((await modOnB.get(chatPath(id))).body.canModerate).toBe(true)
    const deleted = await modOnB.request('DELETE', `${chatPath(id)}/${posted.body.id}`)
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
    expect(deleted.body).toEqual({ success: true, id: posted.body.id })
    for (const viewer of [onA, onB]) await viewer.next((e) => e.type === 'delete' && e.messageId === posted.body.id)
    expect((await client.get(chatPath(id))).body.messages.map((m: LiveChatMessage) => m.id)).not.toContain(posted.body.id)
    // Deleting it again changes nothing; another stream's message id is not found here.
    expect((await modOnB.request('DELETE', `${chatPath(id)}/${posted.body.id}`)).status).toBe(200)
    const other = await createStream(admin)
    expect((await mod.client.request('DELETE', `${chatPath(other)}/${posted.body.id}`)).status).toBe(404)
  })

  it('a muted member can no longer post in that stream, and every viewer is told', async () => {
    const id = await createStream(admin)
    const mod = await moderator()
    const { client, user } = await registerMember(baseUrl)
    const onB = await events(second.url, id, client.cookie)
    expect((await client.post(`${chatPath(id)}/mutes`, { userId: mod.user.id })).status).toBe(403)

    const muted = await mod.client.post(`${chatPath(id)}/mutes`, { userId: user.id })
    expect(muted.status, JSON.stringify(muted.body)).toBe(200)
    expect(muted.body).toEqual({ success: true, userId: user.id, muted: true })
    await onB.next((e) => e.type === 'mute' && e.userId === user.id)

    const refused = await onServer(client, second.url).post(chatPath(id), { body: 'am I muted?' })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ error: MUTED_IN_CHAT })
    expect((await client.get(chatPath(id))).body).toMatchObject({ muted: true, canChat: false })
    expect((await mod.client.post(`${chatPath(id)}/mutes`, { userId: user.id })).status).toBe(200)
    // Only in that stream.
    expect((await client.post(chatPath(await createStream(admin)), { body: 'elsewhere' })).status).toBe(201)

    const adminMe = await admin.get('/api/auth/me')
    const refusedMute = await mod.client.post(`${chatPath(id)}/mutes`, { userId: adminMe.body.id })
    expect(refusedMute.status).toBe(403)
    expect(refusedMute.body).toEqual({ error: CANNOT_MUTE_MODERATOR })
    expect((await mod.client.post(`${chatPath(id)}/mutes`, { userId: 2_000_000_000 })).status).toBe(404)
  })

  it('before the stream is live and after it ended the chat is read-only; viewers are told of each status change', async () => {
    const id = await createStream(admin, { status: 'scheduled' })
    const { client } = await registerMember(baseUrl)
    const early = await client.post(chatPath(id), { body: 'too early' })
    expect(early.status).toBe(409)
    expect(early.body).toEqual({ error: CHAT_OPENS_WHEN_LIVE })
    expect((await client.get(chatPath(id))).body).toMatchObject({ messages: [], canChat: false, status: 'scheduled' })

    const onB = await events(second.url, id, client.cookie)
    await setStatus(admin, id, 'live')
    await onB.next((e) => e.type === 'status' && e.status === 'live')
    const posted = await client.post(chatPath(id), { body: 'during the stream' })
    expect(posted.status).toBe(201)
    await setStatus(admin, id, 'ended')
    await onB.next((e) => e.type === 'status' && e.status === 'ended')

    const history = await onServer(client, second.url).get(chatPath(id))
    expect(history.status).toBe(200)
    expect(history.body).toMatchObject({ canChat: false, status: 'ended' })
    expect(history.body.messages).toEqual([posted.body])
    const late = await client.post(chatPath(id), { body: 'too late' })
    expect(late.status).toBe(409)
    expect(late.body).toEqual({ error: CHAT_READ_ONLY })
  })

  it('a LISTEN connection that drops is opened again; the streams it fed end, so browsers reconnect', async () => {
    const id = await createStream(admin)
    const { client } = await registerMember(baseUrl)
    const before = await events(second.url, id, client.cookie)
    const killed = await sql(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN live_stream_events' and pid <> pg_backend_pid()`,
    )
    // One per server process.
    expect(killed.length).toBe(2)
    await before.ended
    const after = await events(second.url, id, client.cookie)
    const posted = await client.post(chatPath(id), { body: 'still here' })
    expect(posted.status).toBe(201)
    await after.next(isMessage(posted.body.id))
  })

  it('a server stopping ends its open event streams at once instead of waiting on them', async () => {
    const id = await createStream(admin)
    const { client } = await registerMember(baseUrl)
    const viewer = await events(second.url, id, client.cookie)
    const started = Date.now()
    const stopped = second.stop().then(() => Date.now() - started)
    await viewer.ended
    const endedAfter = Date.now() - started
    // The stream ends at the signal, not when the 15 s forced exit (server/index.ts) would cut it.
    expect(endedAfter).toBeLessThan(3_000)
    expect(await stopped).toBeLessThan(10_000)
  })
})
