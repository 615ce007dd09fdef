// The route list and the two checkers behind audit.spec.ts (0 axe violations and 0 Nu
// HTML checker errors on every route, light and dark, phone and desktop, signed in and out).
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'

import type { Page } from '@playwright/test'

import { randomBytes } from 'node:crypto'

import { admin, expect, freshRequest, registerViaApi } from './fixtures'

export type Audience = 'visitor' | 'member' | 'admin'

/** What a route's path may depend on: seeded content found through the API, the signed-in account. */
export type Targets = {
  youtubeVideoId: string
  selfHostedVideoId: string
  postSlug: string
  postId: number
  categoryId: number
  /** A member other than the one viewing (a visitor's view of a public profile). */
  otherMemberId: number
  /** A video of this run's own with a conversation under it (the seed has no comments). */
  discussedVideoId: string
}

export type AuditRoute = {
  name: string
  path: (targets: Targets, self: { id: number } | null) => string
  /** Audiences checked at 1280 px in both themes; the first is also checked at 390 px in one theme. */
  audiences: readonly Audience[]
  /**
   * axe rules that fail on this route because of work in flight on another branch: reported as
   * annotations, not failures, until that branch lands. Each says why and whose it is.
   */
}

const PUBLIC: readonly Audience[] = ['visitor', 'member']
const ADMIN: readonly Audience[] = ['admin']
const MEMBER: readonly Audience[] = ['member']
// Another state of a page checked above for both audiences: the header that differs is covered there.
const VARIANT: readonly Audience[] = ['visitor']

const at = (p: string) => () => p

/** Every page of SPEC §2 (site/pages/), and the query-string states with their own markup. */
export const ROUTES: readonly AuditRoute[] = [
  { name: 'home', path: at('/'), audiences: PUBLIC },
  { name: 'blog', path: at('/blog'), audiences: PUBLIC },
  { name: 'blog page 2', path: at('/blog?page=2'), audiences: VARIANT },
  { name: 'blog page 99', path: at('/blog?page=99'), audiences: VARIANT },
  { name: 'blog category', path: (t) => `/blog?category=${t.categoryId}`, audiences: VARIANT },
  { name: 'blog search', path: at('/blog?search=community'), audiences: VARIANT },
  { name: 'blog search, no results', path: at('/blog?search=zzqxnothing'), audiences: VARIANT },
  { name: 'vlog', path: at('/vlog'), audiences: PUBLIC },
  { name: 'vlog page 2', path: at('/vlog?page=2'), audiences: VARIANT },
  { name: 'vlog page 99', path: at('/vlog?page=99'), audiences: VARIANT },
  { name: 'categories', path: at('/categories'), audiences: PUBLIC },
  { name: 'video (YouTube)', path: (t) => `/video/${t.youtubeVideoId}`, audiences: PUBLIC },
  { name: 'video (self-hosted, Premium)', path: (t) => `/video/${t.selfHostedVideoId}`, audiences: PUBLIC },
  { name: 'video with comments', path: (t) => `/video/${t.discussedVideoId}`, audiences: PUBLIC },
  { name: 'post', path: (t) => `/post/${t.postSlug}`, audiences: PUBLIC },
  { name: 'profile', path: (t, self) => `/profile/${self?.id ?? t.otherMemberId}`, audiences: PUBLIC },
  { name: 'login', path: at('/login'), audiences: VARIANT },
  { name: 'register', path: at('/register'), audiences: VARIANT },
  { name: 'age verification', path: at('/age-verification'), audiences: PUBLIC },
  { name: 'bookmarks', path: at('/bookmarks'), audiences: PUBLIC },
  { name: 'recommendations', path: at('/recommendations'), audiences: PUBLIC },
  { name: 'recommendations (feed tab)', path: at('/recommendations?tab=feed'), audiences: MEMBER },
  { name: 'recommendations (history tab)', path: at('/recommendations?tab=history'), audiences: MEMBER },
  { name: 'live', path: at('/live'), audiences: PUBLIC },
  { name: 'leaderboard', path: at('/leaderboard'), audiences: PUBLIC },
  { name: 'leaderboard (monthly)', path: at('/leaderboard?period=monthly'), audiences: VARIANT },
  { name: 'gamification', path: at('/gamification'), audiences: PUBLIC },
  { name: 'gamification (leaderboard tab)', path: at('/gamification?tab=leaderboard'), audiences: MEMBER },
  { name: 'gamification (progress tab)', path: at('/gamification?tab=progress'), audiences: MEMBER },
  { name: 'gamification (earn tab)', path: at('/gamification?tab=earn'), audiences: MEMBER },
  { name: 'premium', path: at('/premium'), audiences: PUBLIC },
  { name: 'subscribe', path: at('/subscribe'), audiences: PUBLIC },
  { name: 'welcome premium', path: at('/welcome-premium'), audiences: PUBLIC },
  { name: 'merch', path: at('/merch'), audiences: PUBLIC },
  { name: '404', path: at('/no-such-page'), audiences: PUBLIC },
  { name: 'admin, signed out or not an admin', path: at('/admin'), audiences: PUBLIC },
  { name: 'admin analytics', path: at('/admin'), audiences: ADMIN },
  { name: 'admin analytics of a video', path: (t) => `/admin/analytics/video/${t.youtubeVideoId}`, audiences: ADMIN },
  { name: 'admin analytics of a post', path: (t) => `/admin/analytics/post/${t.postSlug}`, audiences: ADMIN },
  { name: 'admin posts', path: at('/admin/content/posts'), audiences: ADMIN },
  { name: 'admin new post', path: at('/admin/content/new-post'), audiences: ADMIN },
  { name: 'admin edit post', path: (t) => `/admin/content/posts/${t.postId}/edit`, audiences: ADMIN },
  { name: 'admin categories', path: at('/admin/content/categories'), audiences: ADMIN },
  { name: 'admin announcements', path: at('/admin/content/announcements'), audiences: ADMIN },
  { name: 'admin YouTube import', path: at('/admin/content/youtube-import'), audiences: ADMIN },
  { name: 'admin video upload', path: at('/admin/content/video-upload'), audiences: ADMIN },
  { name: 'admin videos', path: at('/admin/content/videos'), audiences: ADMIN },
  { name: 'admin badges', path: at('/admin/badges'), audiences: ADMIN },
  { name: 'admin live', path: at('/admin/live'), audiences: ADMIN },
  { name: 'admin SEO bot', path: at('/admin/seo-bot'), audiences: ADMIN },
  { name: 'admin settings', path: at('/admin/settings'), audiences: ADMIN },
]

let targets: Promise<Targets> | null = null

/** The seeded content the routes point at, read once per worker from the public API. */
export function seedTargets(): Promise<Targets> {
  targets ??= (async () => {
    const request = await freshRequest()
    try {
      const get = async <T>(url: string): Promise<T> => {
        const res = await request.get(url)
        expect(res.status(), url).toBe(200)
        return (await res.json()) as T
      }
      const { videos } = await get<{ videos: { videoId: string; source: string; isPremium: boolean }[] }>('/api/videos?limit=50')
      const youtube = videos.find((v) => v.source === 'youtube' && !v.isPremium)
      const selfHosted = videos.find((v) => v.source !== 'youtube' && v.isPremium) ?? videos.find((v) => v.source !== 'youtube')
      const { posts } = await get<{ posts: { id: number; slug: string; category?: unknown }[] }>('/api/blog-posts?limit=20')
      const categories = await get<{ id: number }[] | { categories: { id: number }[] }>('/api/categories')
      const categoryList = Array.isArray(categories) ? categories : categories.categories
      expect(youtube, 'a seeded YouTube video').toBeTruthy()
      expect(selfHosted, 'a seeded self-hosted video').toBeTruthy()
      expect(posts.length, 'a seeded post').toBeGreaterThan(0)
      expect(categoryList.length, 'a seeded category').toBeGreaterThan(0)
      const other = await registerViaApi(request)
      const discussedVideoId = await makeDiscussedVideo()
      return {
        youtubeVideoId: youtube!.videoId,
        selfHostedVideoId: selfHosted!.videoId,
        postSlug: posts[0].slug,
        postId: posts[0].id,
        categoryId: categoryList[0].id,
        otherMemberId: other.id,
        discussedVideoId,
      }
    } finally {
      await request.dispose()
    }
  })()
  return targets
}

const created: number[] = []

/**
 * A video older than every seeded or imported one (last in every list other specs read) with a
 * member's comment that another member liked, voted on and answered: the comment controls in
 * every state a reader sees. Removed again by removeMadeContent.
 */
async function makeDiscussedVideo(): Promise<string> {
  const headers = { origin: process.env.E2E_BASE_URL! }
  const videoId = `audit${randomBytes(4).toString('hex')}`
  const adminRequest = await freshRequest()
  const author = await freshRequest()
  const reader = await freshRequest()
  try {
    expect((await adminRequest.post('/api/auth/login', { data: admin(), headers })).status()).toBe(200)
    const made = await adminRequest.post('/cms/api/videos', {
      data: {
        videoId,
        title: 'Town hall follow-up: your questions answered',
        description: 'The questions you sent after the town hall, answered one by one.',
        publishedAt: '2001-02-01T12:00:00Z',
        source: 'youtube',
        duration: 'PT12M',
      },
      headers,
    })
    expect(made.status(), await made.text()).toBe(201)
    created.push((await made.json()).doc.id)
    for (const member of [author, reader]) {
      const { dateOfBirth } = await registerViaApi(member)
      expect((await member.post('/api/auth/verify-age', { data: { dateOfBirth }, headers })).status()).toBe(200)
    }
    const posted = await author.post(`/api/videos/${videoId}/comments`, { data: { content: 'The answer at 3:15 about the youth jobs programme was the clearest yet. Thank you!' }, headers })
    expect(posted.status(), await posted.text()).toBe(201)
    const { id } = (await posted.json()) as { id: number }
    expect((await reader.post(`/api/comments/${id}/like`, { headers })).status()).toBe(200)
    expect((await reader.post(`/api/comments/${id}/vote`, { data: { value: 'up' }, headers })).status()).toBe(200)
    const replied = await reader.post(`/api/comments/${id}/replies`, { data: { content: 'Agreed, and the follow-up at 7:40 too.' }, headers })
    expect(replied.status(), await replied.text()).toBe(201)
    return videoId
  } finally {
    await Promise.all([adminRequest.dispose(), author.dispose(), reader.dispose()])
  }
}

/** Deletes what makeDiscussedVideo made in this worker (its comments go with it). */
export async function removeMadeContent() {
  if (!created.length) return
  const headers = { origin: process.env.E2E_BASE_URL! }
  const adminRequest = await freshRequest()
  try {
    await adminRequest.post('/api/auth/login', { data: admin(), headers })
    for (const id of created.splice(0)) await adminRequest.delete(`/cms/api/videos/${id}`, { headers })
  } finally {
    await adminRequest.dispose()
  }
}

// ── axe ─────────────────────────────────────────────────────────────────────────────────────────

const require = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/** WCAG 2.0, 2.1 and 2.2 A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

export type AxeFinding = { rule: string; impact: string | null; help: string; targets: string[] }

/**
 * Runs axe-core in the page. Evaluated rather than added as a <script>: the site's CSP (rightly)
 * refuses inline scripts it has no hash for, and the audit must see the page under its real policy.
 */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(AXE_SOURCE)
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.map(String).join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 240)}` : ''}`),
    }))
  }, AXE_TAGS)
}

export const formatAxe = (findings: AxeFinding[]) =>
  findings.map((f) => `${f.rule} (${f.impact}): ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`).join('\n')

// ── Nu HTML checker ─────────────────────────────────────────────────────────────────────────────

const VNU_JAR = path.join(path.dirname(require.resolve('vnu-jar/package.json')), 'build/dist/vnu.jar')

export type NuMessage = { type: string; subType?: string; url: string; lastLine?: number; message: string; extract?: string }

/** One JVM for every file: the Nu checker's errors (warnings and info left out) per file. */
export async function nuErrors(files: string[]): Promise<NuMessage[]> {
  // The checker writes its JSON report to stderr and exits non-zero when it finds errors.
  const { stderr } = await promisify(execFile)('java', ['-Xss4m', '-jar', VNU_JAR, '--format', 'json', '--errors-only', '--exit-zero-always', ...files], {
    maxBuffer: 64 * 1024 * 1024,
  })
  const { messages } = JSON.parse(stderr) as { messages: NuMessage[] }
  return messages.filter((m) => m.type === 'error' || (m.type === 'non-document-error'))
}
