// The transcode on the jobs queue: never twice at once (the video's PostgreSQL advisory lock), and
// durable across restarts (videoTranscodeRecovery queues again what a restart cut off).
import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { ApiClient } from '../helpers/api-client'
import { sql } from './sql'
import { baseUrl, signedInAdmin } from './videos-helpers'
import { mediaDir, uploadTestVideo, videoRow, waitForTranscode } from './video-upload-helpers'

let admin: ApiClient
const created: number[] = []

beforeAll(async () => {
  admin = await signedInAdmin()
})
afterAll(async () => {
  for (const id of created) await admin.request('DELETE', `/cms/api/videos/${id}`)
})

/** Runs the recovery task now, as its schedule would (a payload_jobs row, then the admin's run door). */
async function runRecovery() {
  const [job] = await sql<{ id: number }>("insert into payload_jobs (task_slug, queue, input) values ('videoTranscodeRecovery', 'default', '{}') returning id")
  const run = await admin.get('/cms/api/payload-jobs/run?queue=default&limit=20')
  expect(run.status).toBe(200)
  // Payload deletes a job once it has succeeded (deleteJobOnComplete); a failed one stays with its error.
  const [left] = await sql<{ has_error: boolean; error: unknown }>('select has_error, error from payload_jobs where id = $1', [job!.id])
  expect(left?.has_error ?? false, JSON.stringify(left?.error)).toBe(false)
}

async function jobsOf(videoId: string) {
  return sql<{ id: number; processing: boolean; has_error: boolean; completed_at: string | null; error: { message?: string } | null }>(
    "select id, processing, has_error, completed_at, error from payload_jobs where task_slug = 'videoTranscode' and input->>'videoId' = $1 order by id",
    [videoId],
  )
}

/** Puts a transcoded video back to what an interrupted transcode leaves: no rendition, status as given. */
async function undoTranscode(videoId: string, status: 'queued' | 'processing') {
  fs.rmSync(path.join(mediaDir, 'videos', videoId, 'hls'), { recursive: true, force: true })
  await sql('update videos set transcode_status = $2, hls_url = null where video_id = $1', [videoId, status])
}

describe('the transcode job', () => {
  it('never runs twice at once: a job finding the video’s lock held does nothing', async () => {
    const video = await uploadTestVideo(admin)
    created.push(video.id)
    await waitForTranscode(video.videoId)
    await undoTranscode(video.videoId, 'queued')

    // Another process is transcoding this video: it holds the lock.
    const holder = new pg.Client({ connectionString: inject('databaseUrl') })
    await holder.connect()
    try {
      await holder.query('select pg_advisory_lock($1, hashtext($2))', [0x7472, video.videoId])
      const [job] = await sql<{ id: number }>("insert into payload_jobs (task_slug, queue, input) values ('videoTranscode', 'transcode', $1) returning id", [JSON.stringify({ videoId: video.videoId })])
      // The job ran and finished without touching the video (a finished job is deleted).
      await expect.poll(async () => (await jobsOf(video.videoId)).some((j) => j.id === job!.id), { timeout: 30_000 }).toBe(false)
      expect((await videoRow(video.videoId))?.transcode_status).toBe('queued')
      expect(fs.existsSync(path.join(mediaDir, 'videos', video.videoId, 'hls'))).toBe(false)
      // While the holder lives, recovery leaves it alone too: no new job.
      await runRecovery()
      expect(await jobsOf(video.videoId)).toEqual([])
    } finally {
      await holder.end()
    }
    // The holder gone (its process died): recovery queues it again and it completes.
    await runRecovery()
    const row = await waitForTranscode(video.videoId)
    expect(row.transcode_status).toBe('ready')
    expect(fs.existsSync(path.join(mediaDir, 'videos', video.videoId, 'hls/master.m3u8'))).toBe(true)
  })

  it('survives a restart mid-transcode: the cut-off job is marked with why, and a new one finishes the video', async () => {
    const video = await uploadTestVideo(admin)
    created.push(video.id)
    await waitForTranscode(video.videoId)
    // What a restart in the middle leaves: the video 'processing' with no rendition, its job claimed
    // for good (Payload never picks up a job marked processing), and no lock (it died with the process).
    await undoTranscode(video.videoId, 'processing')
    const [dead] = await sql<{ id: number }>(
      "insert into payload_jobs (task_slug, queue, input, processing, created_at, updated_at) values ('videoTranscode', 'transcode', $1, true, now() - interval '10 minutes', now() - interval '10 minutes') returning id",
      [JSON.stringify({ videoId: video.videoId })],
    )

    await runRecovery()
    const row = await waitForTranscode(video.videoId)
    expect(row.transcode_status).toBe('ready')
    expect(row.hls_url).toBe(`/media/videos/${video.videoId}/hls/master.m3u8`)
    // The cut-off job says why it never finished; the new one succeeded (and was deleted).
    expect(await jobsOf(video.videoId)).toEqual([
      expect.objectContaining({ id: dead!.id, processing: false, has_error: true, error: { message: 'Interrupted: the server stopped during the transcode; queued again.' } }),
    ])
  })

  it('after a crash mid-transcode the video plays again within a minute and a half, by the schedule alone', async () => {
    const video = await uploadTestVideo(admin)
    created.push(video.id)
    await waitForTranscode(video.videoId)
    // What a kill -9 in the middle leaves: the video 'processing', its job claimed with a lease its
    // worker renewed moments before dying, and no lock. Nobody runs the recovery by hand here.
    await undoTranscode(video.videoId, 'processing')
    const [dead] = await sql<{ id: number }>(
      "insert into payload_jobs (task_slug, queue, input, processing, created_at, updated_at) values ('videoTranscode', 'transcode', $1, true, now() - interval '1 minute', now()) returning id",
      [JSON.stringify({ videoId: video.videoId })],
    )
    const visitor = new ApiClient(baseUrl)
    expect((await visitor.get(`/video/${video.videoId}`)).status).toBe(404)
    const crashedAt = Date.now()
    const row = await waitForTranscode(video.videoId, 90_000)
    expect(row.transcode_status).toBe('ready')
    // Loose on purpose: the goal is "within a minute" of the crash; 90 s leaves room for a busy machine.
    expect(Date.now() - crashedAt).toBeLessThan(90_000)
    await expect.poll(async () => (await visitor.get(`/video/${video.videoId}`)).status, { timeout: 15_000 }).toBe(200)
    expect((await jobsOf(video.videoId)).find((j) => j.id === dead!.id)).toMatchObject({ processing: false, has_error: true })
  }, 150_000)
})
