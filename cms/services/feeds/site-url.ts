/**
 * The site's public origin (no trailing slash): SERVER_URL's, what the deployment calls itself.
 * Never the request's Host: pages are kept and served to every visitor (server/page-cache.ts),
 * so one request with `Host: evil.example` would otherwise put that host in everyone's links.
 */
export function publicSiteUrl(): string {
  const port = process.env.PORT ?? '3000'
  try {
    return new URL(process.env.SERVER_URL?.trim() || `http://localhost:${port}`).origin
  } catch {
    return `http://localhost:${port}`
  }
}

/** `pathOrUrl` (site-relative or already absolute) as an absolute URL on the site's public origin. */
export const absoluteUrl = (pathOrUrl: string): string => new URL(pathOrUrl, `${publicSiteUrl()}/`).href
