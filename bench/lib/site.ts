// The site's pages a benchmark loads and the members it signs in (bench/run.ts, bench/scale.ts).

export type Audience = 'anonymous' | 'member'
export type Route = { name: string; path: string; ext: 'html' | 'json' | 'txt'; audiences?: readonly Audience[] }

/** The home, news, first published post, first video and video API routes, from the site's own feeds. */
export async function discoverRoutes(appUrl: string): Promise<Route[]> {
  const postsFeed = await (await fetch(`${appUrl}/rss.xml`)).text()
  const slug = /<item>.*?<link>[^<]*\/post\/([^<]+)<\/link>/s.exec(postsFeed)?.[1]
  const videos = (await (await fetch(`${appUrl}/api/videos?limit=1&page=1`)).json()) as { videos?: { videoId: string }[] }
  const videoId = videos.videos?.[0]?.videoId
  if (!slug || !videoId) throw new Error('the seeded database has no published post or no video')
  return [
    { name: 'home', path: '/', ext: 'html' },
    { name: 'blog', path: '/blog', ext: 'html' },
    { name: 'post', path: `/post/${slug}`, ext: 'html' },
    { name: 'video', path: `/video/${videoId}`, ext: 'html' },
    { name: 'api-videos', path: '/api/videos?limit=24&page=1', ext: 'json' },
    // Diagnostic floor: an Astro endpoint that touches no database (what Express + Astro cost alone).
    { name: 'robots', path: '/robots.txt', ext: 'txt', audiences: ['anonymous'] },
  ]
}

/** A new member through the public API: their session cookie. */
export async function registerMember(appUrl: string, index: number): Promise<string> {
  const username = `bench_${Date.now().toString(36)}_${index}`
  const password = 'bench-password-123'
  const res = await fetch(`${appUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl },
    body: JSON.stringify({ username, email: `${username}@example.org`, dateOfBirth: '1990-01-01', password, confirmPassword: password }),
  })
  const token = /payload-token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1]
  if (res.status !== 201 || !token) throw new Error(`registration failed: ${res.status} ${await res.text()}`)
  return `payload-token=${token}`
}

