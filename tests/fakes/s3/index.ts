// A local S3-compatible server for tests and demos: s3rver (a file-backed S3 emulator) on a free
// loopback port with a temporary folder and one bucket. s3rver lacks two multipart calls the tus
// S3 store makes (ListParts, AbortMultipartUpload); a small middleware answers them from
// s3rver's own upload folders, in S3's XML.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import fs from 'node:fs/promises'
import type { Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'

import S3rver from 's3rver'

export type FakeS3 = {
  endpoint: string
  bucket: string
  directory: string
  /** The S3_* variables that point the app at this fake. */
  env: Record<string, string>
  stop: () => Promise<void>
}

type Ctx = { method: string; path: string; query: Record<string, string | undefined>; status: number; type: string; body: unknown }
type KoaLike = { middleware: ((ctx: Ctx, next: () => Promise<void>) => Promise<void>)[]; store: { getResourcePath: (bucket: string, key: string | undefined, resource: string) => string }; httpServer?: Server }

const xmlError = (ctx: Ctx, status: number, code: string) => {
  ctx.status = status
  ctx.type = 'application/xml'
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code}</Message></Error>`
}

/** ListParts (GET ?uploadId) and AbortMultipartUpload (DELETE ?uploadId) over s3rver's upload folders. */
function multipartExtras(server: KoaLike) {
  return async (ctx: Ctx, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId
    if (!uploadId || (ctx.method !== 'GET' && ctx.method !== 'DELETE') || !/^[A-Za-z0-9_-]+$/.test(uploadId)) return next()
    const [, bucket, ...keyParts] = decodeURIComponent(ctx.path).split('/')
    const dir = path.join(server.store.getResourcePath(bucket!, undefined, 'uploads'), uploadId)
    const exists = await fs.stat(dir).then(() => true, () => false)
    if (!exists) return xmlError(ctx, 404, 'NoSuchUpload')
    if (ctx.method === 'DELETE') {
      await fs.rm(dir, { recursive: true, force: true })
      ctx.status = 204
      return
    }
    const numbers = (await fs.readdir(dir)).filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b)
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const [stat, md5] = await Promise.all([fs.stat(path.join(dir, String(n))), fs.readFile(path.join(dir, `${n}.md5`), 'utf8')])
        return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5.trim()}"</ETag><Size>${stat.size}</Size></Part>`
      }),
    )
    ctx.status = 200
    ctx.type = 'application/xml'
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><Bucket>${bucket}</Bucket><Key>${keyParts.join('/')}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`
  }
}

/**
 * Starts the fake on 127.0.0.1 (a free port, or `port`) with a bucket in a fresh temporary folder,
 * or in `directory` (kept, with what it holds, when the fake stops: `npm run fake:s3`).
 */
export async function startFakeS3({ bucket = 'media-test', prefix = '', port = 0, directory: keptIn }: { bucket?: string; prefix?: string; port?: number; directory?: string } = {}): Promise<FakeS3> {
  const directory = keptIn ?? mkdtempSync(path.join(os.tmpdir(), 'fake-s3-'))
  if (keptIn) mkdirSync(keptIn, { recursive: true })
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] }) as unknown as S3rver & KoaLike
  server.middleware.unshift(multipartExtras(server))
  const address = (await server.run()) as { port: number }
  const endpoint = `http://127.0.0.1:${address.port}`
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    },
    stop: async () => {
      server.httpServer?.closeAllConnections()
      await server.close().catch(() => undefined)
      if (!keptIn) rmSync(directory, { recursive: true, force: true })
    },
  }
}
