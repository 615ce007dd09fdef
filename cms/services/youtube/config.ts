/** YouTube's settings from the environment (README: YouTube import). */
export const YOUTUBE_API_BASE = 'https://www.googleapis.com/youtube/v3'

export type YoutubeConfig = {
  /** YOUTUBE_API_KEY; null when unset (import and sync answer 503, the schedule skips). */
  apiKey: string | null
  /** The Data API v3 root, e.g. https://www.googleapis.com/youtube/v3 (no trailing slash). */
  apiBase: string
}

/** Raised at start-up and on use: the server must not send its API key to someone else's host. */
export class YoutubeConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'YoutubeConfigError'
  }
}

/** Google's API hosts: googleapis.com or a subdomain, over https. */
export const isGoogleApiUrl = (value: string): boolean => {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && (url.hostname === 'googleapis.com' || url.hostname.endsWith('.googleapis.com'))
  } catch {
    return false
  }
}

/**
 * The key and base URL. YOUTUBE_API_BASE_URL overrides Google's base, and anything that is not
 * `https://*.googleapis.com` is refused unless YOUTUBE_ALLOW_TEST_BASE=1 (the fake in
 * tests/fakes/youtube): a typo must never send the key to another server.
 */
export function youtubeConfig(env: Record<string, string | undefined> = process.env): YoutubeConfig {
  const raw = env.YOUTUBE_API_BASE_URL?.trim() || YOUTUBE_API_BASE
  try {
    new URL(raw)
  } catch {
    throw new YoutubeConfigError(`YOUTUBE_API_BASE_URL is not a URL: ${raw}`)
  }
  if (!isGoogleApiUrl(raw) && env.YOUTUBE_ALLOW_TEST_BASE !== '1') {
    throw new YoutubeConfigError(
      'YOUTUBE_API_BASE_URL must be a Google https URL (*.googleapis.com); set YOUTUBE_ALLOW_TEST_BASE=1 only for a test server such as tests/fakes/youtube.',
    )
  }
  return { apiKey: env.YOUTUBE_API_KEY?.trim() || null, apiBase: raw.replace(/\/+$/, '') }
}

/** Whether import and sync can reach YouTube at all (a key, and a base this server accepts). */
export function hasYoutubeKey(env: Record<string, string | undefined> = process.env): boolean {
  try {
    return Boolean(youtubeConfig(env).apiKey)
  } catch {
    return false
  }
}
