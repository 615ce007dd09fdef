// Page views keep which kind of browser a person used, never the full user agent: the family is all
// the dashboard needs, and the full string (versions, device model, build numbers, whatever a client
// writes into it) is both a fingerprint and up to a kilobyte a row.

export const BROWSER_FAMILIES = ['Chrome', 'Firefox', 'Safari', 'Edge', 'Opera', 'Samsung Internet', 'Other'] as const
export type BrowserFamily = (typeof BROWSER_FAMILIES)[number]

/**
 * Most browsers built on Chromium or WebKit also name Chrome and Safari in their user agent, so the
 * more specific tokens are looked for first (Edge before Opera before Samsung before Chrome, Chrome
 * before Safari); iOS builds of Chrome, Firefox, Edge and Opera have tokens of their own.
 */
const FAMILY_TOKENS: readonly [BrowserFamily, (ua: string) => boolean][] = [
  ['Edge', (ua) => /\b(?:Edg|EdgA|EdgiOS|Edge)\//.test(ua)],
  ['Opera', (ua) => /\b(?:OPR|OPiOS|OPT)\/|\bOpera\b/.test(ua)],
  ['Samsung Internet', (ua) => /\bSamsungBrowser\//.test(ua)],
  ['Firefox', (ua) => /\b(?:Firefox|FxiOS)\//.test(ua)],
  ['Chrome', (ua) => /\b(?:Chrome|CriOS|Chromium)\//.test(ua)],
  // Safari says Version/…; an iOS app's web view is WebKit ending in Mobile/… without it.
  ['Safari', (ua) => (/\bVersion\/\d/.test(ua) && /\bSafari\//.test(ua)) || /\bAppleWebKit\/[\d.]+ \(KHTML, like Gecko\) Mobile\/\w+$/.test(ua)],
]

/** The family of the browser that sent `userAgent` ('Other' for anything unrecognised or absent). */
export function browserFamily(userAgent: string | null | undefined): BrowserFamily {
  // Real user agents are a few hundred characters; a longer one is not read further.
  const ua = (userAgent ?? '').slice(0, 1000)
  for (const [family, matches] of FAMILY_TOKENS) if (matches(ua)) return family
  return 'Other'
}
