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

/** The video's page on YouTube (the poster's link without JavaScript). */
export const youTubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`

/** The privacy-enhanced player, loaded only after the reader asks for it. */
export const youTubeEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0&playsinline=1`
