// Shared by the live-*.test.ts suites (not a test file itself): streams, their rows, the playlist.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { expect, inject } from 'vitest'

import type { ApiClient } from '../helpers/api-client'
import { sql } from './sql'

export const baseUrl = inject('baseUrl')
export const rtmpPort = inject('rtmpPort')

export type CreatedStream = { id: number; streamKey: string; title: string }

export async function createObsStream(admin: ApiClient, fields: Record<string, unknown> = {}): Promise<CreatedStream> {
  const title = `Live test ${randomBytes(3).toString('hex')}`
  const res = await admin.post('/api/admin/live-streams', { title, platform: 'obs', ...fields })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { id: res.body.id, streamKey: res.body.streamKey, title }
}

export type StreamRow = {
  status: string
  publishing: boolean | null
  actual_start: Date | null
  actual_end: Date | null
  viewer_count: string | null
  max_viewers: string | null
  replay_status: string | null
  replay_video_id: number | null
}

export async function streamRow(id: number): Promise<StreamRow> {
  const [row] = await sql<StreamRow>(
    'select status, publishing, actual_start, actual_end, viewer_count, max_viewers, replay_status, replay_video_id from live_streams where id = $1',
    [id],
  )
  return row!
}

/** Polls `check` until it returns a value (not undefined), or fails with the last state after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const value = await check()
      if (value !== undefined) return value
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

export const playlistPath = (id: number) => `/live-hls/${id}/index.m3u8`

/** A GET as the page's own player makes it (same-origin, with the cookie when there is one). */
export async function fetchLive(pathname: string, cookie: string | null) {
  const res = await fetch(baseUrl + pathname, { headers: { 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) } })
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
}

/** The segment names a playlist lists. */
export const segmentsOf = (playlist: string) => playlist.split('\n').filter((line) => /^seg-\d+\.ts$/.test(line.trim()))

/** ffprobe's streams of a segment's bytes. */
export async function probeSegment(bytes: Buffer): Promise<{ codec_type: string; codec_name: string }[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'live-seg-'))
  try {
    const file = path.join(dir, 'seg.ts')
    writeFileSync(file, bytes)
    const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', file])
    return (JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string }[] }).streams
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Takes the replays this suite's streams made off the site again (after their jobs settle), so the
 * suites after it find the video lists as the seed left them.
 */
export async function removeReplayVideos(admin: ApiClient): Promise<void> {
  await waitFor('replays to settle', async () => {
    const [row] = await sql<{ n: string }>("select count(*) as n from live_streams where replay_status = 'pending'")
    return Number(row!.n) === 0 ? true : undefined
  }, 120_000, 500)
  const rows = await sql<{ id: number }>('select replay_video_id as id from live_streams where replay_video_id is not null')
  for (const { id } of rows) {
    const res = await admin.request('DELETE', `/cms/api/videos/${id}`)
    expect([200, 404], JSON.stringify(res.body)).toContain(res.status)
  }
}
