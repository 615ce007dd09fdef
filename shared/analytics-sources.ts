// Where the site's visitors come from and what they read on: the traffic-source classes of a
// referring host and the device type of a user agent. Pure (shared by the recorder, the dashboard's
// reads and its labels).

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet'] as const
export type DeviceType = (typeof DEVICE_TYPES)[number]
export const DEVICE_LABELS: Record<DeviceType, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' }

/**
 * The device type of a user agent. Tablets first: iPads and Android tablets also say "Mobile"
 * sometimes (iPad Safari) or omit it (Android tablets, whose phones say "Mobile"). An iPad that
 * asks for the desktop site says "Macintosh" like a Mac and counts as a desktop.
 */
export function deviceType(userAgent: string | null | undefined): DeviceType {
  const ua = (userAgent ?? '').slice(0, 1000)
  if (/\biPad\b|\bTablet\b|\bKindle\b|\bSilk\//i.test(ua) || (/\bAndroid\b/i.test(ua) && !/\bMobile\b/i.test(ua))) return 'tablet'
  if (/\bMobi|\biPhone\b|\biPod\b|\bAndroid\b|\bWindows Phone\b|\bBlackBerry\b|\bOpera Mini\b/i.test(ua)) return 'mobile'
  return 'desktop'
}

export const TRAFFIC_SOURCES = ['internal', 'search', 'social', 'direct', 'other'] as const
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number]
export const TRAFFIC_SOURCE_LABELS: Record<TrafficSource, string> = {
  internal: 'This site',
  search: 'Search engines',
  social: 'Social media',
  direct: 'Direct',
  other: 'Other sites',
}

/** The host part that identifies a referring site: lower case, without a leading www. (null for anything that is not an http(s) URL). */
export function referrerHost(referrer: string | null | undefined): string | null {
  if (!referrer) return null
  try {
    const url = new URL(referrer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    const host = url.hostname.toLowerCase().replace(/^www\./, '').replace(/\.$/, '')
    return host ? host.slice(0, 255) : null
  } catch {
    return null
  }
}

/** Search engines: a host equal to or under one of these (google.* in any country). */
const SEARCH = [/^(?:[a-z0-9-]+\.)*google\.[a-z.]+$/, /^(?:[a-z0-9-]+\.)*bing\.com$/, /^(?:[a-z0-9-]+\.)*yahoo\.[a-z.]+$/, /^(?:[a-z0-9-]+\.)*yandex\.[a-z.]+$/]
const SEARCH_HOSTS = ['duckduckgo.com', 'baidu.com', 'ecosia.org', 'search.brave.com', 'startpage.com', 'qwant.com', 'kagi.com', 'ask.com', 'naver.com', 'seznam.cz', 'perplexity.ai']
const SOCIAL_HOSTS = [
  'facebook.com', 'fb.com', 'fb.me', 'messenger.com', 'instagram.com', 'threads.net', 'twitter.com', 'x.com', 't.co', 'linkedin.com', 'lnkd.in',
  'reddit.com', 'redd.it', 'youtube.com', 'youtu.be', 'tiktok.com', 'pinterest.com', 'pin.it', 'snapchat.com', 'tumblr.com', 'bsky.app',
  'mastodon.social', 'discord.com', 'discord.gg', 't.me', 'telegram.org', 'whatsapp.com', 'wa.me', 'vk.com', 'quora.com', 'twitch.tv',
]
const under = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`)

/**
 * The traffic source of a page view by its referring host: `direct` without one, `internal` when it
 * is the site's own host (`siteHost`, also normalised), then the search and social host lists,
 * `other` for any other site.
 */
export function classifyReferrer(host: string | null | undefined, siteHost: string | null): TrafficSource {
  if (!host) return 'direct'
  const h = host.toLowerCase().replace(/^www\./, '')
  if (siteHost && h === siteHost.toLowerCase().replace(/^www\./, '')) return 'internal'
  if (SEARCH.some((re) => re.test(h)) || SEARCH_HOSTS.some((d) => under(h, d))) return 'search'
  if (SOCIAL_HOSTS.some((d) => under(h, d)) || /^(?:l|lm|m)\.facebook\.com$/.test(h)) return 'social'
  return 'other'
}

/** Buckets of a retention curve: one per 5 % of a video. */
export const RETENTION_BUCKETS = 20

/**
 * The buckets (bit i: from i/20 to (i+1)/20 of `length`) that real playback from `from` to `to`
 * seconds passed through. A bucket is reached when playback entered it.
 */
export function bucketsPlayed(from: number, to: number, length: number): number {
  if (!(length > 0) || !(to > from)) return 0
  let mask = 0
  for (let i = 0; i < RETENTION_BUCKETS; i++) {
    const start = (i * length) / RETENTION_BUCKETS
    const end = ((i + 1) * length) / RETENTION_BUCKETS
    if (from < end && to > start) mask |= 1 << i
  }
  return mask
}
