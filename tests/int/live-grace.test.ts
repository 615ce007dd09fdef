// The live stream's end by every door: an admin's End Stream under a connected OBS, the durable
// grace end (a queued job besides the timer), a server lost mid-publish, and a port clash.
import { readFileSync } from 'node:fs'

import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'

import type { ApiClient } from '../helpers/api-client'
import { startRtmpPublisher } from '../helpers/rtmp-publisher'
import { startTestServer } from '../helpers/test-server'
import { createObsStream, rtmpPort, streamRow, waitFor, removeReplayVideos } from './live-helpers'
import { signedInAdmin } from './premium-helpers'
import { sql } from './sql'

let admin: ApiClient

beforeAll(async () => {
  admin = await signedInAdmin()
})

afterAll(() => removeReplayVideos(admin), 150_000)

const graceJobsOf = (streamId: number) =>
  sql<{ wait_until: Date | null; completed_at: Date | null; has_error: boolean | null }>(
    "select wait_until, completed_at, has_error from payload_jobs where task_slug = 'liveGraceEnd' and (input->>'streamId')::int = $1 order by id",
    [streamId],
  )

describe('the end of a live stream', () => {
  it("disconnects OBS when an admin ends the stream, and makes the replay", async () => {
    const stream = await createObsStream(admin, { isPremium: false })
    const publisher = startRtmpPublisher(rtmpPort, stream.streamKey)
    try {
      await waitFor('the stream to go live', async () => ((await streamRow(stream.id)).publishing ? true : undefined))
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      const res = await admin.patch(`/api/admin/live-streams/${stream.id}`, { status: 'ended' })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      const code = await Promise.race([publisher.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 15_000))])
      expect(code).not.toBe('still running')
      const row = await waitFor('the replay', async () => {
        const r = await streamRow(stream.id)
        return r.replay_status === 'ready' || r.replay_status === 'failed' ? r : undefined
      }, 120_000, 1000)
      expect(row).toMatchObject({ status: 'ended', publishing: false, replay_status: 'ready' })
      const [video] = await sql<{ is_premium: boolean; is_uncut: boolean }>('select is_premium, is_uncut from videos where id = $1', [row.replay_video_id])
      expect(video).toEqual({ is_premium: false, is_uncut: true })
    } finally {
      await publisher.kill()
    }
  })

  it('queues a job due at the end of the grace, so the end survives the process', async () => {
    const stream = await createObsStream(admin, { keepReplay: false })
    const publisher = startRtmpPublisher(rtmpPort, stream.streamKey)
    await waitFor('the stream to go live', async () => ((await streamRow(stream.id)).publishing ? true : undefined))
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    await publisher.stop()
    const [job] = await waitFor('the grace job', async () => {
      const jobs = await graceJobsOf(stream.id)
      return jobs.length ? jobs : undefined
    }, 10_000)
    const [{ last_publish_ended_at }] = (await sql<{ last_publish_ended_at: Date }>('select last_publish_ended_at from live_streams where id = $1', [stream.id])) as [{ last_publish_ended_at: Date }]
    // LIVE_END_GRACE_SECONDS is 3 in the suite.
    expect(Math.abs(job!.wait_until!.getTime() - last_publish_ended_at.getTime() - 3_000)).toBeLessThan(1_000)
    await waitFor('the end', async () => ((await streamRow(stream.id)).status === 'ended' ? true : undefined), 15_000)
    // The job runs too (after the timer it finds nothing to do) and completes without error
    // (Payload deletes a completed job's row).
    const left = await waitFor('the job to complete', async () => {
      const jobs = await graceJobsOf(stream.id)
      return jobs.every((j) => j.completed_at || j.has_error) ? jobs : undefined
    }, 15_000)
    expect(left.every((j) => !j.has_error)).toBe(true)
    await waitFor('replay off', async () => ((await streamRow(stream.id)).replay_status === 'off' ? true : undefined), 15_000)
  })

  it('ends a stream whose publisher was lost with its server (publishing, but nobody holds the publish lock)', async () => {
    const stream = await createObsStream(admin, { keepReplay: false })
    expect((await admin.patch(`/api/admin/live-streams/${stream.id}`, { status: 'live' })).status).toBe(200)
    await sql('update live_streams set publishing = true where id = $1', [stream.id])
    const row = await waitFor('the end', async () => {
      const r = await streamRow(stream.id)
      return r.status === 'ended' ? r : undefined
    }, 20_000)
    expect(row.publishing).toBe(false)
  })
})

describe('the RTMP port', () => {
  it('is taken: the error is logged and the site runs on', async () => {
    const server = await startTestServer('live-port-clash', inject('databaseUrl'), { RTMP_PORT: String(rtmpPort), SEED: '0', LOG_LEVEL: 'info' })
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      await waitFor('the logged clash', async () => (readFileSync(server.logFile, 'utf8').includes('RTMP ingest could not listen') ? true : undefined), 10_000)
    } finally {
      await server.stop()
    }
  })
})
