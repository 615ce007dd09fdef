import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A video as the fake keeps it; `hidden` stands for private (still in the playlist, absent from videos.list). */
export type FakeVideo = {
  id: string
  title: string
  description: string
  publishedAt: string
  /** ISO 8601, as YouTube gives it: PT4M13S, P1DT2H, P0D… */
  duration: string
  viewCount: number
  hidden?: boolean
}

export type FakeChannel = { id: string; handle: string; title: string; uploads: string; videoIds: string[] }

export type FakeYoutubeCalls = { channels: number; playlistItems: number; videos: number; refused: number }

const idChars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'
export const randomVideoId = () => Array.from(randomBytes(11), (b) => idChars[b % 64]).join('')

const thumbnails = (id: string) => ({
  default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
  medium: { url: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`, width: 320, height: 180 },
  high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
  standard: { url: `https://i.ytimg.com/vi/${id}/sddefault.jpg`, width: 640, height: 480 },
  maxres: { url: `https://i.ytimg.com/vi/${id}/maxresdefault.jpg`, width: 1280, height: 720 },
})

/** Google's error body. */
const googleError = (code: number, message: string, reason: string, domain = 'global', extra: Record<string, unknown> = {}) => ({
  error: { code, message, errors: [{ message, domain, reason, ...extra }], ...(code === 400 ? { status: 'INVALID_ARGUMENT' } : code === 403 ? { status: 'PERMISSION_DENIED' } : code === 404 ? { status: 'NOT_FOUND' } : {}) },
})

/**
 * A fake YouTube Data API v3 on loopback: GET /channels (forHandle), /playlistItems (paged with
 * pageToken) and /videos (id=, at most 50), with Google's JSON shapes and error bodies (a wrong
 * key is 400 keyInvalid, an exhausted quota 403 quotaExceeded, an unknown playlist 404
 * playlistNotFound). Tests steer it in-process or through /__fake/… (control.ts).
 */
export async function startFakeYoutube({ apiKey = `fake-key-${randomBytes(6).toString('hex')}`, pageSize = 50 }: { apiKey?: string; pageSize?: number } = {}) {
  const channels = new Map<string, FakeChannel>()
  const videos = new Map<string, FakeVideo>()
  const calls: FakeYoutubeCalls = { channels: 0, playlistItems: 0, videos: 0, refused: 0 }
  let quotaExceeded = false
  let down = false
  let maxPage = pageSize
  /** Requests to this resource wait until released (a sync caught mid-flight). */
  const holds = new Map<string, { waiting: number; release: Promise<void>; open: () => void }>()

  function addChannel(input: { handle: string; title?: string; videos?: Partial<FakeVideo>[] }): FakeChannel {
    const handle = input.handle.startsWith('@') ? input.handle : `@${input.handle}`
    const core = randomBytes(11).toString('base64url').slice(0, 22)
    const channel: FakeChannel = { id: `UC${core}`, handle, title: input.title ?? handle.slice(1), uploads: `UU${core}`, videoIds: [] }
    channels.set(handle.toLowerCase(), channel)
    for (const video of input.videos ?? []) addVideo(handle, video)
    return channel
  }

  /** Uploads a video to the channel: it goes first in the uploads playlist, as YouTube lists newest first. */
  function addVideo(handle: string, input: Partial<FakeVideo> = {}): FakeVideo {
    const channel = channelOf(handle)
    const video: FakeVideo = {
      id: input.id ?? randomVideoId(),
      title: input.title ?? `Fake video ${channel.videoIds.length + 1}`,
      description: input.description ?? 'A video on the fake YouTube.',
      publishedAt: input.publishedAt ?? new Date(Date.now() - channel.videoIds.length * 86_400_000).toISOString(),
      duration: input.duration ?? 'PT4M13S',
      viewCount: input.viewCount ?? 100,
      hidden: input.hidden ?? false,
    }
    videos.set(video.id, video)
    channel.videoIds.unshift(video.id)
    return video
  }

  function channelOf(handle: string): FakeChannel {
    const channel = channels.get((handle.startsWith('@') ? handle : `@${handle}`).toLowerCase())
    if (!channel) throw new Error(`fake YouTube: no channel ${handle}`)
    return channel
  }

  function updateVideo(id: string, patch: Partial<FakeVideo>): FakeVideo {
    const video = videos.get(id)
    if (!video) throw new Error(`fake YouTube: no video ${id}`)
    Object.assign(video, patch, { id })
    return video
  }

  /** Deleted on YouTube: gone from its playlist and from videos.list. */
  function deleteVideo(id: string) {
    videos.delete(id)
    for (const channel of channels.values()) channel.videoIds = channel.videoIds.filter((v) => v !== id)
  }

  function hold(resource: string) {
    if (holds.has(resource)) return
    let open!: () => void
    const release = new Promise<void>((resolve) => (open = resolve))
    holds.set(resource, { waiting: 0, release, open })
  }
  function release(resource: string) {
    holds.get(resource)?.open()
    holds.delete(resource)
  }

  const pageToken = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url')
  const offsetOf = (token: string | null) => {
    if (!token) return 0
    const m = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString())
    return m ? Number(m[1]) : -1
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' })
      res.end(JSON.stringify(body))
    }
    try {
      if (url.pathname.startsWith('/__fake/')) return await control(req, url, send)
      if (down) return void req.socket.destroy()
      const resource = url.pathname.replace(/^\/youtube\/v3/, '').replace(/^\//, '')
      const q = url.searchParams
      const held = holds.get(resource)
      if (held) {
        held.waiting++
        await held.release
      }
      if (q.get('key') !== apiKey) {
        calls.refused++
        return send(400, {
          error: {
            code: 400,
            message: 'API key not valid. Please pass a valid API key.',
            errors: [{ message: 'API key not valid. Please pass a valid API key.', domain: 'global', reason: 'badRequest' }],
            status: 'INVALID_ARGUMENT',
            details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'youtube.googleapis.com' } }],
          },
        })
      }
      if (quotaExceeded) {
        calls.refused++
        return send(
          403,
          googleError(403, 'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.', 'quotaExceeded', 'youtube.quota'),
        )
      }
      const maxResults = Math.min(50, Math.max(0, Number(q.get('maxResults') ?? 5) || 5))

      if (req.method === 'GET' && resource === 'channels') {
        calls.channels++
        const handle = q.get('forHandle') ?? ''
        const channel = channels.get((handle.startsWith('@') ? handle : `@${handle}`).toLowerCase())
        const etag = randomBytes(8).toString('hex')
        if (!channel) return send(200, { kind: 'youtube#channelListResponse', etag, pageInfo: { totalResults: 0, resultsPerPage: maxResults } })
        return send(200, {
          kind: 'youtube#channelListResponse',
          etag,
          pageInfo: { totalResults: 1, resultsPerPage: maxResults },
          items: [
            {
              kind: 'youtube#channel',
              etag: randomBytes(8).toString('hex'),
              id: channel.id,
              snippet: { title: channel.title, description: '', customUrl: channel.handle.toLowerCase(), publishedAt: '2020-01-01T00:00:00Z', thumbnails: {} },
              contentDetails: { relatedPlaylists: { likes: '', uploads: channel.uploads } },
            },
          ],
        })
      }

      if (req.method === 'GET' && resource === 'playlistItems') {
        calls.playlistItems++
        const channel = [...channels.values()].find((c) => c.uploads === q.get('playlistId'))
        if (!channel || channel.videoIds.length === 0) {
          const message = "The playlist identified with the request's <code>playlistId</code> parameter cannot be found."
          return send(404, googleError(404, message, 'playlistNotFound', 'youtube.playlistItem', { location: 'playlistId', locationType: 'parameter' }))
        }
        const offset = offsetOf(q.get('pageToken'))
        if (offset < 0) return send(400, googleError(400, 'The request specifies an invalid page token.', 'invalidPageToken', 'youtube.parameter'))
        const size = Math.min(maxResults, maxPage)
        const ids = channel.videoIds.slice(offset, offset + size)
        const next = offset + size < channel.videoIds.length ? pageToken(offset + size) : undefined
        return send(200, {
          kind: 'youtube#playlistItemListResponse',
          etag: randomBytes(8).toString('hex'),
          ...(next ? { nextPageToken: next } : {}),
          ...(offset > 0 ? { prevPageToken: pageToken(Math.max(0, offset - size)) } : {}),
          items: ids.map((id, i) => ({
            kind: 'youtube#playlistItem',
            etag: randomBytes(8).toString('hex'),
            id: Buffer.from(`${channel.uploads}.${id}`).toString('base64url'),
            contentDetails: { videoId: id, ...(videos.get(id)?.hidden ? {} : { videoPublishedAt: videos.get(id)?.publishedAt }) },
            snippet: { position: offset + i, resourceId: { kind: 'youtube#video', videoId: id } },
          })),
          pageInfo: { totalResults: channel.videoIds.length, resultsPerPage: size },
        })
      }

      if (req.method === 'GET' && resource === 'videos') {
        calls.videos++
        const ids = (q.get('id') ?? '').split(',').filter(Boolean)
        if (ids.length > 50) return send(400, googleError(400, 'The request specifies an invalid filter parameter.', 'invalidFilters', 'youtube.parameter'))
        const items = ids
          .map((id) => videos.get(id))
          .filter((v): v is FakeVideo => Boolean(v && !v.hidden))
          .map((v) => {
            const channel = [...channels.values()].find((c) => c.videoIds.includes(v.id))
            return {
              kind: 'youtube#video',
              etag: randomBytes(8).toString('hex'),
              id: v.id,
              snippet: {
                publishedAt: v.publishedAt,
                channelId: channel?.id,
                title: v.title,
                description: v.description,
                thumbnails: thumbnails(v.id),
                channelTitle: channel?.title,
                categoryId: '22',
                liveBroadcastContent: 'none',
              },
              contentDetails: { duration: v.duration, dimension: '2d', definition: 'hd', caption: 'false', licensedContent: false, projection: 'rectangular' },
              statistics: { viewCount: String(v.viewCount), likeCount: '0', favoriteCount: '0', commentCount: '0' },
            }
          })
        return send(200, { kind: 'youtube#videoListResponse', etag: randomBytes(8).toString('hex'), items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } })
      }

      return send(404, googleError(404, 'Not Found', 'notFound'))
    } catch (error) {
      return send(500, googleError(500, error instanceof Error ? error.message : String(error), 'backendError'))
    }
  })

  async function control(req: http.IncomingMessage, url: URL, send: (status: number, body: unknown) => void) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = (chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}) as Record<string, any>
    const path = url.pathname.slice('/__fake'.length)
    const video = /^\/videos\/([^/]+)$/.exec(path)
    if (req.method === 'POST' && path === '/channels') return send(201, addChannel(body as { handle: string }))
    const channelVideos = /^\/channels\/([^/]+)\/videos$/.exec(path)
    if (req.method === 'POST' && channelVideos) return send(201, addVideo(decodeURIComponent(channelVideos[1]!), body))
    if (req.method === 'GET' && channelVideos) return send(200, channelOf(decodeURIComponent(channelVideos[1]!)).videoIds.map((id) => videos.get(id)))
    if (req.method === 'PATCH' && video) return send(200, updateVideo(decodeURIComponent(video[1]!), body))
    if (req.method === 'DELETE' && video) return send(200, (deleteVideo(decodeURIComponent(video[1]!)), { deleted: true }))
    if (req.method === 'POST' && path === '/quota') return send(200, { exceeded: (quotaExceeded = Boolean(body.exceeded)) })
    if (req.method === 'POST' && path === '/outage') return send(200, { down: (down = Boolean(body.down)) })
    if (req.method === 'POST' && path === '/page-size') return send(200, { pageSize: (maxPage = Number(body.pageSize) || pageSize) })
    if (req.method === 'POST' && path === '/hold') return send(200, (hold(String(body.resource)), { held: body.resource }))
    if (req.method === 'POST' && path === '/release') return send(200, (release(String(body.resource)), { released: body.resource }))
    if (req.method === 'GET' && path === '/waiting') return send(200, { waiting: holds.get(url.searchParams.get('resource') ?? '')?.waiting ?? 0 })
    if (req.method === 'GET' && path === '/calls') return send(200, calls)
    return send(404, { error: 'no such control' })
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const apiBase = `${url}/youtube/v3`

  return {
    url,
    apiBase,
    apiKey,
    env: { YOUTUBE_API_KEY: apiKey, YOUTUBE_API_BASE_URL: apiBase, YOUTUBE_ALLOW_TEST_BASE: '1' } as Record<string, string>,
    calls,
    addChannel,
    addVideo,
    updateVideo,
    deleteVideo,
    channel: channelOf,
    video: (id: string) => videos.get(id) ?? null,
    setQuotaExceeded: (next: boolean) => void (quotaExceeded = next),
    setDown: (next: boolean) => void (down = next),
    setPageSize: (next: number) => void (maxPage = next),
    hold,
    release,
    waiting: (resource: string) => holds.get(resource)?.waiting ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const resource of [...holds.keys()]) release(resource)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type FakeYoutube = Awaited<ReturnType<typeof startFakeYoutube>>
