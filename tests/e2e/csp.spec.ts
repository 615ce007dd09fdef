// The site's pages run under a Content Security Policy without
// 'unsafe-inline' or 'unsafe-eval' for scripts. Every inline script a page carries is allowed by
// its hash (ours and Astro's island loader and client directives), nothing reports a violation
// (zod's JIT probe on the account forms included), the islands still hydrate, and the thumbnails'
// error fallback works without an inline handler (server/content-security-policy.ts).
import { createHash } from 'node:crypto'

import type { Page, Response } from '@playwright/test'

import { posts } from '../../cms/seed/fixtures/posts'
import { expect, expectToast, freshRequest, open, registerViaApi, test } from './fixtures'
import { imageOnLastVlogPage, type ImportedVideo, importedYoutubeVideo } from './youtube-still'

const post = posts.find((p) => p.status === 'published')!
const YOUTUBE_VIDEO = 'CsBlIZ1NAIR'
const SELF_HOSTED_VIDEO = 'manual_noib0upzhq'
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64')
const YOUTUBE = /^https:\/\/(www\.youtube(-nocookie)?\.com|i\.ytimg\.com)\//

type Violation = { directive: string; blocked: string; sample: string; source: string }

/**
 * Records every CSP violation the page's documents report, from before their first script runs,
 * and every console message about the policy.
 */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: Violation[] }
    w.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample, source: `${e.sourceFile}:${e.lineNumber}` })
    })
  })
  const console: string[] = []
  page.on('console', (message) => {
    if (/Content.Security.Policy|unsafe-eval|unsafe-inline/i.test(message.text())) console.push(message.text())
  })
  return async () => {
    const events = await page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations)
    return { events, console: [...console] }
  }
}

const noViolations = { events: [], console: [] }

/** The page's one CSP header, and the hash of every inline script in its HTML. */
async function policyAndInlineScripts(response: Response | null) {
  expect(response?.status()).toBe(200)
  const policies = (await response!.headersArray()).filter((h) => h.name.toLowerCase() === 'content-security-policy')
  expect(policies, 'one policy header').toHaveLength(1)
  const html = await response!.text()
  const hashes = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes) && !/type="?application\/ld\+json/.test(attributes))
    .map(([, , text]) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`)
  return { policy: policies[0].value, hashes }
}

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1) ?? []

test.beforeEach(async ({ page }) => {
  // Nothing leaves the machine.
  await page.route(YOUTUBE, (route) => route.abort())
})

for (const path of ['/', '/login', '/register', '/blog', `/post/${post.slug}`, '/vlog', `/video/${YOUTUBE_VIDEO}`, `/video/${SELF_HOSTED_VIDEO}`]) {
  test(`${path}: no inline script allowed but by hash, and no violation`, async ({ page }) => {
    const violations = await watchViolations(page)
    const { policy, hashes } = await policyAndInlineScripts(await open(page, path))

    const scriptSrc = directive(policy, 'script-src')
    expect(scriptSrc).toContain("'self'")
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    expect(scriptSrc).not.toContain("'unsafe-eval'")
    // The theme boot and scroll-top scripts at least; on most pages the island loader too.
    expect(hashes.length).toBeGreaterThanOrEqual(3)
    for (const hash of hashes) expect(scriptSrc, `inline script ${hash}`).toContain(hash)
    const handlers = await page.evaluate(() =>
      [...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName} ${a.name}`)),
    )
    expect(handlers, 'inline event handlers').toEqual([])

    // The scroll-top and theme scripts ran.
    expect(await page.evaluate(() => history.scrollRestoration)).toBe('manual')
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toMatch(/^(day|night)$/)
    // An interaction-hydrated island (and the directive behind it) works.
    const html = page.locator('html')
    const before = await html.getAttribute('data-theme')
    await page.getByRole('banner').getByRole('button', { name: /^Switch to (light|dark) theme$/ }).click()
    await expect(html).not.toHaveAttribute('data-theme', before!)

    expect(await violations()).toEqual(noViolations)
  })
}

test('/login: the form validates and submits through its island (zod jitless), the toast hydrates', async ({ page }) => {
  const api = await freshRequest()
  const { username } = await registerViaApi(api)
  await api.dispose()
  const violations = await watchViolations(page)
  await open(page, '/login')

  // Client-side validation: zod parses in the browser, nothing is posted.
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill('not-the-password')
  const login = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/login')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  // A fetch from the island, not the browser's own form post.
  expect((await login).request().resourceType()).toBe('fetch')
  await expectToast(page, 'Login Failed', 'Invalid username or password.', { destructive: true })

  expect(await violations()).toEqual(noViolations)
})

test('/register: client-side validation runs (zod jitless) without a violation', async ({ page }) => {
  const violations = await watchViolations(page)
  await open(page, '/register')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription('Username is required')
  expect(await violations()).toEqual(noViolations)
})

test.describe('thumbnail fallback without an inline handler', () => {
  /** YouTube's stills: maxresdefault missing; hqdefault served, or missing too. */
  async function stills(page: Page, { hq }: { hq: boolean }) {
    await page.unroute(YOUTUBE)
    await page.route('https://i.ytimg.com/**', (route) =>
      hq && route.request().url().endsWith('/hqdefault.jpg') ? route.fulfill({ contentType: 'image/gif', body: PIXEL }) : route.fulfill({ status: 404 }),
    )
    await page.route(/^https:\/\/www\.youtube/, (route) => route.abort())
  }
  // The seeded stills are the site's own; a video imported from YouTube keeps YouTube's still.
  let imported: ImportedVideo
  test.beforeAll(async () => {
    imported = await importedYoutubeVideo()
  })
  test.afterAll(async () => {
    await imported.dispose()
  })

  test('a broken max-resolution still falls back to the high-quality one, also on an image added later', async ({ page }) => {
    await stills(page, { hq: true })
    const violations = await watchViolations(page)
    const img = await imageOnLastVlogPage(page, imported)
    await expect(img).toHaveAttribute('src', `https://i.ytimg.com/vi/${imported.videoId}/hqdefault.jpg`)
    await expect(img).toBeVisible()
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1)

    // The listener is the document's, so an image rendered after load is covered too.
    await page.evaluate(() => {
      const late = document.createElement('img')
      late.id = 'late-thumbnail'
      late.setAttribute('data-thumbnail', '')
      late.setAttribute('data-fallback', 'https://i.ytimg.com/vi/late/hqdefault.jpg')
      late.src = 'https://i.ytimg.com/vi/late/maxresdefault.jpg'
      document.body.append(late)
    })
    await expect(page.locator('#late-thumbnail')).toHaveAttribute('src', 'https://i.ytimg.com/vi/late/hqdefault.jpg')
    expect(await violations()).toEqual(noViolations)
  })

  test('when the high-quality still fails too, the image hides and the frame stays', async ({ page }) => {
    await stills(page, { hq: false })
    const img = await imageOnLastVlogPage(page, imported)
    await expect(img).toHaveAttribute('src', /\/hqdefault\.jpg$/)
    await expect(img).toHaveCSS('visibility', 'hidden')
  })
})
