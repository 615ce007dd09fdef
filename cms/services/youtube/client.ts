import type { YoutubeConfig } from './config'
import { keyRefused, missingKey, quotaExceeded, unknownHandle, unreachable, YoutubeError } from './errors'
import { batches, canonicalHandle } from './parse'
import type { ChannelInfo, YtChannel, YtErrorBody, YtListResponse, YtPlaylistItem, YtVideo } from './types'

export const YOUTUBE_TIMEOUT_MS = 15_000
/** A channel with more uploads than this is read no further (200 pages of 50: far past any creator's channel). */
export const MAX_PLAYLIST_PAGES = 200

type FetchLike = typeof fetch
export type YoutubeClientOptions = { fetch?: FetchLike; timeoutMs?: number }

const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded', 'rateLimitExceeded', 'userRateLimitExceeded'])
const KEY_REASONS = new Set(['keyInvalid', 'keyExpired', 'accessNotConfigured', 'ipRefererBlocked', 'forbidden', 'API_KEY_INVALID'])

/**
 * YouTube Data API v3 over fetch, the three lists the import reads: channels (by handle),
 * playlistItems (every page of the uploads playlist) and videos (batches of 50 ids). The key
 * goes as `key=`; each call has a timeout. Google's error bodies become typed YoutubeErrors.
 */
export class YoutubeClient {
  private readonly fetch: FetchLike
  private readonly timeoutMs: number
  private readonly apiKey: string

  constructor(
    private readonly config: YoutubeConfig,
    options: YoutubeClientOptions = {},
  ) {
    if (!config.apiKey) throw missingKey()
    this.apiKey = config.apiKey
    this.fetch = options.fetch ?? fetch
    this.timeoutMs = options.timeoutMs ?? YOUTUBE_TIMEOUT_MS
  }

  /** channels?forHandle=: the channel and its uploads playlist; unknownHandle when there is none. */
  async channelByHandle(input: string): Promise<ChannelInfo> {
    const handle = canonicalHandle(input)
    const body = await this.list<YtChannel>('channels', { part: 'snippet,contentDetails', forHandle: handle, maxResults: '1' })
    const channel = body.items?.[0]
    const uploads = channel?.contentDetails?.relatedPlaylists?.uploads
    if (!channel || !uploads) throw unknownHandle(handle)
    return { id: channel.id, title: channel.snippet?.title ?? handle, handle: channel.snippet?.customUrl ? canonicalHandle(channel.snippet.customUrl) : handle, uploadsPlaylistId: uploads }
  }

  /** Every video id of a playlist, all pages (pageToken), newest first as YouTube lists them. */
  async playlistVideoIds(playlistId: string): Promise<string[]> {
    const ids: string[] = []
    let pageToken: string | undefined
    for (let page = 0; page < MAX_PLAYLIST_PAGES; page++) {
      let body: YtListResponse<YtPlaylistItem>
      try {
        body = await this.list<YtPlaylistItem>('playlistItems', { part: 'contentDetails', playlistId, maxResults: '50', ...(pageToken ? { pageToken } : {}) })
      } catch (error) {
        // A channel that never uploaded has an uploads playlist YouTube cannot find.
        if (error instanceof YoutubeError && error.reason === 'playlistNotFound' && page === 0) return []
        throw error
      }
      for (const item of body.items ?? []) {
        const id = item.contentDetails?.videoId ?? item.snippet?.resourceId?.videoId
        if (id && !ids.includes(id)) ids.push(id)
      }
      pageToken = body.nextPageToken
      if (!pageToken) break
    }
    return ids
  }

  /** videos?id=: the videos YouTube still shows, 50 ids a call; deleted and private ones are simply absent. */
  async videos(ids: readonly string[]): Promise<YtVideo[]> {
    const found: YtVideo[] = []
    for (const batch of batches(ids, 50)) {
      const body = await this.list<YtVideo>('videos', { part: 'snippet,contentDetails,statistics', id: batch.join(','), maxResults: '50' })
      found.push(...(body.items ?? []))
    }
    return found
  }

  private async list<T>(resource: string, params: Record<string, string>): Promise<YtListResponse<T>> {
    const url = new URL(`${this.config.apiBase}/${resource}`)
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
    url.searchParams.set('key', this.apiKey)
    let res: Response
    let text: string
    try {
      res = await this.fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs) })
      text = await res.text()
    } catch (error) {
      const name = (error as Error)?.name
      throw unreachable(name === 'TimeoutError' || name === 'AbortError' ? `no answer from ${resource} in ${this.timeoutMs} ms` : `${resource}: ${(error as Error)?.message ?? 'network error'}`)
    }
    let body: unknown
    try {
      body = text ? JSON.parse(text) : {}
    } catch {
      throw unreachable(`${resource} answered ${res.status} with a body that is not JSON`)
    }
    if (res.ok) return body as YtListResponse<T>
    throw this.errorFor(resource, res.status, body as YtErrorBody)
  }

  private errorFor(resource: string, status: number, body: YtErrorBody): YoutubeError {
    const reasons = (body.error?.errors ?? []).map((e) => e.reason ?? '').filter(Boolean)
    const reason = reasons[0] ?? body.error?.status ?? String(status)
    if (reasons.some((r) => QUOTA_REASONS.has(r))) return quotaExceeded()
    if (status >= 500) return unreachable(`${resource} answered ${status} ${reason}`)
    if (reasons.some((r) => KEY_REASONS.has(r)) || /api key/i.test(body.error?.message ?? '')) return keyRefused(reason)
    if (status === 404) return new YoutubeError(`YouTube could not find the ${resource} asked for (${reason}). Nothing was changed.`, 404, reason)
    return new YoutubeError(`YouTube refused the ${resource} request (${status} ${reason}). Nothing was changed.`, 502, reason)
  }
}
