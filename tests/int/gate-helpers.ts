// Shared by the gate-*.test.ts suites (not a test file itself): media files and videos of their own.
import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'

import { expect } from 'vitest'

import type { ApiClient } from '../helpers/api-client'
import { ROOT, runLabel } from '../helpers/test-database'
import { baseUrl } from './videos-helpers'

// The test server's DATA_DIR (tests/helpers/test-server.ts).
const mediaDir = path.join(ROOT, '.data/test', `${runLabel('int')}-files`, 'media')

export async function getFile(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(baseUrl + url, { headers })
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
}

/** What a browser sends with its session cookie for the page's own <video> (Payload checks Sec-Fetch-Site). */
export const asBrowser = (cookie: string | null, extra: Record<string, string> = {}) => ({ cookie: cookie ?? '', 'sec-fetch-site': 'same-origin', ...extra })

/** A self-hosted video of its own (a copy of the sample file), created by the admin through /cms/api. */
export async function createManualVideo(admin: ApiClient, fields: Record<string, unknown>) {
  const id = randomBytes(4).toString('hex')
  mkdirSync(path.join(mediaDir, 'videos'), { recursive: true })
  copyFileSync(path.join(ROOT, 'cms/seed/fixtures/media/sample.mp4'), path.join(mediaDir, 'videos', `gate_${id}.mp4`))
  const file = `/media/videos/gate_${id}.mp4`
  const res = await admin.request('POST', '/cms/api/videos', {
    videoId: `manual_gate${id}`,
    title: `Gate video ${id}`,
    publishedAt: '2001-01-01T00:00:00.000Z',
    source: 'manual',
    videoUrl: file,
    ...fields,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { id: res.body.doc.id as number, videoId: `manual_gate${id}`, file, title: `Gate video ${id}` }
}

export const deleteVideo = (admin: ApiClient, id: number) => admin.request('DELETE', `/cms/api/videos/${id}`)
