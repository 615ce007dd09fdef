// Every /cms view loads under the CMS's Content Security Policy, from this server alone, without an
// Error (a field whose editor came from a CDN shimmered forever). The views are
// read from the nav, so a collection or global added later is covered without touching this file:
// each collection's list and one document's edit view (the create view when it has none), each
// global, and the account view.
import type { Page, Request } from '@playwright/test'

import { expect, test } from './fixtures'
import { signInToCms, waitForCmsView } from './cms-helpers'

type Problem = { view: string; kind: string; detail: string }

/**
 * Watches the page for everything a view must not do. Known, harmless noise is left out here and
 * only here:
 * - a request the browser cancels because the view navigated on (net::ERR_ABORTED): Next
 *   prefetches the nav's pages and drops the prefetch when the next view is opened.
 */
function watch(page: Page, origin: string) {
  const problems: Problem[] = []
  let view = 'sign in'
  const add = (kind: string, detail: string) => problems.push({ view, kind, detail })
  const foreign = (url: string) => /^https?:/.test(url) && new URL(url).origin !== origin

  page.on('console', (message) => {
    const text = message.text()
    if (/Content.Security.Policy/i.test(text)) add('CSP (console)', text)
    else if (message.type() === 'error') add('console error', text)
  })
  page.on('pageerror', (error) => add('uncaught exception', error.message))
  page.on('requestfailed', (request: Request) => {
    const failure = request.failure()?.errorText ?? ''
    if (failure === 'net::ERR_ABORTED' && !foreign(request.url())) return
    add('failed request', `${request.method()} ${request.url()} ${failure}`)
  })
  page.on('response', (response) => {
    if (!foreign(response.url()) && response.status() >= 400) add('error response', `${response.status()} ${response.request().method()} ${response.url()}`)
  })
  page.on('request', (request) => {
    if (foreign(request.url())) add('request to another origin', request.url())
  })
  return {
    problems,
    setView: (name: string) => {
      view = name
    },
  }
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])
}

test('every /cms list, edit view, global and the account view loads with no CSP violation, error, failed or foreign request', async ({ page, baseURL }) => {
  test.setTimeout(240_000)
  const origin = new URL(baseURL!).origin
  // Nothing may leave the machine: a request elsewhere is recorded (above) and never sent.
  await page.route((url) => url.origin !== origin, (route) => route.abort('blockedbyclient'))
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] }
    w.__csp = []
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`)
    })
  })
  const watcher = watch(page, origin)

  await signInToCms(page)
  watcher.setView('/cms')
  await waitForCmsView(page)

  // The account avatar in the nav is drawn here, not fetched (Payload's default is a Gravatar).
  const account = page.locator('a[href="/cms/account"]').first()
  await expect(account).toBeVisible()
  expect(await account.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src).filter((src) => !src.startsWith(location.origin)))).toEqual([])

  const links = await page.locator('nav a.nav__link').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname))
  const collections = [...new Set(links.filter((p) => /^\/cms\/collections\/[^/]+$/.test(p)))]
  const globals = [...new Set(links.filter((p) => /^\/cms\/globals\/[^/]+$/.test(p)))]
  // The creator's content and the community are all reachable from the nav.
  expect(collections).toEqual(expect.arrayContaining(['/cms/collections/posts', '/cms/collections/videos', '/cms/collections/categories', '/cms/collections/users']))
  expect(globals.length).toBeGreaterThan(0)

  const visited: string[] = []
  /** Waits for the view to settle; one that never does is a problem of its own (and of the CSP's, often). */
  const settled = async (path: string) => {
    try {
      await waitForCmsView(page)
      return true
    } catch {
      watcher.problems.push({ view: path, kind: 'never settled', detail: 'a skeleton or loading overlay is still shown' })
      for (const violation of await cspViolations(page)) watcher.problems.push({ view: path, kind: 'CSP violation', detail: violation })
      return false
    }
  }
  const visit = async (path: string, { openEverything = false } = {}) => {
    watcher.setView(path)
    await test.step(path, async () => {
      await page.goto(path)
      if (!(await settled(path))) return
      // A field's editor loads when its part of the form is shown: open every collapsed section
      // (nested ones appear as their parents open) and every tab.
      if (openEverything) {
        const collapsed = page.locator('button.collapsible__toggle--collapsed')
        for (let opened = 0; (await collapsed.count()) > 0 && opened < 50; opened++) await collapsed.first().click()
        const tabs = page.locator('button.tabs-field__tab-button:not(.tabs-field__tab-button--active)')
        for (let shown = 0; (await tabs.count()) > 0 && shown < 20; shown++) await tabs.first().click()
        if (!(await settled(path))) return
      }
      for (const violation of await cspViolations(page)) watcher.problems.push({ view: path, kind: 'CSP violation', detail: violation })
      visited.push(path)
    })
  }

  for (const list of collections) {
    await visit(list)
    // The first document of the list (its first column links to the edit view), or the create view.
    const first = page.locator(`.table a[href^="${list}/"]:not([href$="/create"])`).first()
    const edit = (await first.count()) ? await first.evaluate((a) => (a as HTMLAnchorElement).pathname) : `${list}/create`
    await visit(edit, { openEverything: true })
  }
  for (const global of globals) await visit(global, { openEverything: true })
  await visit('/cms/account', { openEverything: true })

  expect(watcher.problems, JSON.stringify(watcher.problems, null, 2)).toEqual([])
  expect(visited.length).toBe(collections.length * 2 + globals.length + 1)
})
