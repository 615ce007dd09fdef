// Shared by the video-upload suites (not a test file itself): a real MP4 made with the project's
// own ffmpeg, multipart bodies streamed with node:http, the test server's media folder and process.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

import { expect, inject } from 'vitest'

import { ROOT, runLabel } from '../helpers/test-database'
import { uniqueIp, type ApiClient } from '../helpers/api-client'
import { sql } from './sql'

export const baseUrl = inject('baseUrl')
export const MB = 1024 * 1024

/** The test server's media folder (tests/helpers/test-server.ts: DATA_DIR). */
export const mediaDir = path.join(ROOT, '.data/test', `${runLabel('int')}-files`, 'media')
export const inFlightDir = path.join(mediaDir, '.uploads')

const require = createRequire(import.meta.url)
const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path

/** A real 2-second 640×360 H.264/AAC MP4 (ffmpeg's test pattern and a tone), made once per run. */
export function makeTestMp4(seconds = 2): string {
  const file = path.join(os.tmpdir(), `upload-test-${process.pid}-${seconds}s.mp4`)
  if (!fs.existsSync(file)) {
    execFileSync(ffmpeg, [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=640x360:rate=30`,
      '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
      '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', file,
    ])
  }
  return file
}

export type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer } | { name: string; filename: string; type: string; stream: { head: Buffer; totalBytes: number } }

/**
 * POSTs a multipart body with node:http, streaming any generated file part (its `head` then zeros
 * up to totalBytes) as fast as the socket takes it, and stops writing once the server answers.
 * `abortAfterBytes`: destroy the connection after that many body bytes (an aborted upload).
 */
export function postMultipart(
  parts: Part[],
  { cookie, abortAfterBytes, path: target = '/api/videos/upload' }: { cookie?: string | null; abortAfterBytes?: number; path?: string } = {},
): Promise<{ status: number; body: any; sent: number }> {
  const boundary = `----upload${randomBytes(8).toString('hex')}`
  return new Promise((resolve, reject) => {
    let sent = 0
    let answered = false
    const url = new URL(target, baseUrl)
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { origin: baseUrl, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked', 'x-forwarded-for': uniqueIp(), ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        answered = true
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let body: unknown = text
          try {
            body = JSON.parse(text)
          } catch {
            /* keep the text */
          }
          resolve({ status: res.statusCode ?? 0, body, sent })
          req.destroy()
        })
        res.on('error', reject)
      },
    )
    req.on('error', (error) => {
      if (answered) return
      if (abortAfterBytes !== undefined) return resolve({ status: 0, body: null, sent })
      reject(error)
    })
    const pieces: (Buffer | { head: Buffer; totalBytes: number })[] = []
    for (const part of parts) {
      if ('value' in part) {
        pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`))
        continue
      }
      pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`))
      pieces.push('bytes' in part ? part.bytes : part.stream)
      pieces.push(Buffer.from('\r\n'))
    }
    pieces.push(Buffer.from(`--${boundary}--\r\n`))

    const zeros = Buffer.alloc(256 * 1024)
    let piece = 0
    let offsetInGenerated = 0
    const nextChunk = (): Buffer | null => {
      while (piece < pieces.length) {
        const current = pieces[piece]!
        if (Buffer.isBuffer(current)) {
          piece++
          return current
        }
        if (offsetInGenerated < current.totalBytes) {
          const chunk = offsetInGenerated === 0 ? current.head : zeros.subarray(0, Math.min(zeros.length, current.totalBytes - offsetInGenerated))
          offsetInGenerated += chunk.length
          return chunk
        }
        piece++
        offsetInGenerated = 0
      }
      return null
    }
    const write = () => {
      for (;;) {
        if (answered) return
        if (abortAfterBytes !== undefined && sent >= abortAfterBytes) {
          req.destroy()
          return resolve({ status: 0, body: null, sent })
        }
        const chunk = nextChunk()
        if (!chunk) return void req.end()
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', write)
      }
    }
    write()
  })
}

export const fields = (overrides: Record<string, string> = {}): Part[] =>
  Object.entries({ title: `Upload ${randomBytes(4).toString('hex')}`, description: 'Made by the test', publishedAt: '2020-01-02T03:04:05.000Z', ...overrides }).map(([name, value]) => ({ name, value }))

export const mp4Part = (file: string): Part => ({ name: 'video', filename: 'clip.mp4', type: 'video/mp4', bytes: fs.readFileSync(file) })

/** Files left in the uploads-in-flight folder (not the tus store's own folder). */
export const filesInFlight = () => (fs.existsSync(inFlightDir) ? fs.readdirSync(inFlightDir).filter((name) => name !== 'tus') : [])

export async function videoRow(videoId: string) {
  const [row] = await sql<{ id: number; transcode_status: string | null; transcode_error: string | null; duration: string | null; hls_url: string | null; thumbnail_url: string | null; video_url: string | null }>(
    'select id, transcode_status, transcode_error, duration, hls_url, thumbnail_url, video_url from videos where video_id = $1',
    [videoId],
  )
  return row
}

export const countVideosTitled = async (title: string) => Number((await sql<{ n: string }>('select count(*) as n from videos where title = $1', [title]))[0]!.n)

/** Waits until the video's transcode is done (ready or failed) and returns its row. */
export async function waitForTranscode(videoId: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const row = await videoRow(videoId)
    if (row && (row.transcode_status === 'ready' || row.transcode_status === 'failed')) return row
    if (Date.now() > deadline) throw new Error(`transcode of ${videoId} did not finish: ${JSON.stringify(row)}`)
    await new Promise((r) => setTimeout(r, 500))
  }
}

/** Uploads the test MP4 as the admin; returns the created video. */
export async function uploadTestVideo(admin: ApiClient, extra: Record<string, string> = {}) {
  const res = await postMultipart([...fields(extra), mp4Part(makeTestMp4())], { cookie: admin.cookie })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { id: number; videoId: string; title: string; transcodeStatus: string; url: string }
}

/** The test server's process (found by its port), for reading its memory. */
export function serverPid(): number {
  const port = new URL(baseUrl).port
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      if (!cmdline.includes('server/index.ts')) continue
      if (fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`PORT=${port}`)) return Number(pid)
    } catch {
      /* gone or not ours */
    }
  }
  throw new Error('test server process not found')
}

/** Resident memory of a process, in bytes. */
export const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024
