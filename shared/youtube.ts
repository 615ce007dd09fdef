// A YouTube video named by a creator (the editor's YouTube block): its 11-character id, found in
// a pasted link or given as is. Pure: used by the editor's validation and the post renderer.

/** A YouTube video id: exactly 11 of A–Z, a–z, 0–9, '_' and '-'. Nothing else reaches a URL or attribute. */
export const YOUTUBE_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com'])
/** Paths whose next segment is the id: /embed/{id}, /shorts/{id}, /live/{id}, /v/{id}. */
const ID_PATH = /^\/(?:embed|shorts|live|v)\/([^/]+)\/?$/

export const YOUTUBE_INPUT_ERROR = 'Enter a YouTube link (youtube.com/watch?v=…, youtu.be/…, /shorts/…) or an 11-character video id.'

/** The video id in a YouTube link or bare id, or null when `input` names no YouTube video. */
export function parseYouTubeId(input: unknown): string | null {
  if (typeof input !== 'string') return null
  const value = input.trim()
  if (YOUTUBE_ID_PATTERN.test(value)) return value
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const host = url.hostname.toLowerCase()
  let id: string | null = null
  if (host === 'youtu.be') id = /^\/([^/]+)\/?$/.exec(url.pathname)?.[1] ?? null
  else if (YOUTUBE_HOSTS.has(host)) id = url.pathname === '/watch' ? url.searchParams.get('v') : (ID_PATH.exec(url.pathname)?.[1] ?? null)
  return id && YOUTUBE_ID_PATTERN.test(id) ? id : null
}

/** The longest start time kept: a day (a link's `t` beyond it is a typo, not a moment in a video). */
const MAX_START_SECONDS = 24 * 60 * 60

/**
 * Where a YouTube link starts playing, in whole seconds: its `t` (42, 42s, 1m30s, 1h2m3s) or
 * `start` parameter, in the query or the #fragment; null when it names none (or it is not a link).
 */
export function parseYouTubeStart(input: unknown): number | null {
  if (typeof input !== 'string' || !parseYouTubeId(input)) return null
  const value = input.trim()
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`)
  } catch {
    return null
  }
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''))
  const raw = url.searchParams.get('t') ?? url.searchParams.get('start') ?? fragment.get('t') ?? fragment.get('start')
  const parts = raw ? /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(raw) : null
  if (!parts || !raw) return null
  const seconds = Number(parts[1] ?? 0) * 3600 + Number(parts[2] ?? 0) * 60 + Number(parts[3] ?? 0)
  return seconds > 0 && seconds <= MAX_START_SECONDS ? seconds : null
}

/** The video's page on YouTube (the poster's link without JavaScript), at `start` seconds when given. */
export const youTubeWatchUrl = (id: string, start?: number | null) => `https://www.youtube.com/watch?v=${id}${start ? `&t=${start}s` : ''}`

/** The privacy-enhanced player, loaded only after the reader asks for it, at `start` seconds when given. */
export const youTubeEmbedUrl = (id: string, start?: number | null) =>
  `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0&playsinline=1${start ? `&start=${start}` : ''}`
