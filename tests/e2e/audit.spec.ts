// 0 axe violations and 0 Nu HTML checker errors on every route, kept by this test.
// Axe runs in chromium on every route for a visitor and a signed-in member (the admin on /admin's
// tabs) in the light and the dark theme at 1280 px, and for the first of them at 390 px. The Nu
// checker reads each route's server HTML as each audience gets it, all pages in one JVM run.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { Browser, BrowserContext, Page } from '@playwright/test'

import { axeViolations, formatAxe, nuErrors, removeMadeContent, ROUTES, seedTargets, type Audience, type AuditRoute } from './audit-helpers'
import { admin, expect, loginViaApi, open, registerViaApi, test, verifyViaApi } from './fixtures'

const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }
type Theme = 'light' | 'dark'

/** A browser of this audience's own: a visitor, a new age-verified member, or the admin. */
async function contextFor(browser: Browser, who: Audience, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: DESKTOP, ...options })
  let self: { id: number } | null = null
  if (who === 'visitor') return { context, self }
  const page = await context.newPage()
  if (who === 'member') {
    const member = await registerViaApi(page)
    await verifyViaApi(page, member.dateOfBirth)
    self = { id: member.id }
  } else {
    await loginViaApi(page, admin().username, admin().password)
  }
  await page.close()
  return { context, self }
}

/** The stored choice wins over the clock (SPEC §4 Theme), so each page is in the theme asked for. */
async function openThemed(context: BrowserContext, url: string, theme: Theme, viewport = DESKTOP): Promise<Page> {
  const page = await context.newPage()
  await page.setViewportSize(viewport)
  await page.addInitScript((t) => window.localStorage.setItem('theme', t), theme)
  await open(page, url)
  // Admin tabs and lists fill in from the API after hydrating: audit what a reader then sees.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {})
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme === 'dark' ? 'night' : 'day')
  return page
}

async function audit(page: Page, label: string, failures: string[]) {
  const findings = await axeViolations(page)
  if (findings.length) failures.push(`${label} (${page.url()}):\n${formatAxe(findings)}`)
}

async function auditRoute(browser: Browser, route: AuditRoute) {
  const targets = await seedTargets()
  const failures: string[] = []
  for (const [index, who] of route.audiences.entries()) {
    const { context, self } = await contextFor(browser, who)
    try {
      const url = route.path(targets, self)
      for (const theme of ['light', 'dark'] as const) {
        const page = await openThemed(context, url, theme)
        await audit(page, `${who}, ${theme}, 1280 px`, failures)
        await page.close()
      }
      if (index === 0) {
        const page = await openThemed(context, url, 'light', PHONE)
        await audit(page, `${who}, light, 390 px`, failures)
        await page.close()
      }
    } finally {
      await context.close()
    }
  }
  return failures
}

test.afterAll(removeMadeContent)

for (const route of ROUTES) {
  test(`axe: ${route.name} (${route.audiences.join(', ')})`, async ({ browser }) => {
    test.setTimeout(120_000)
    const failures = await auditRoute(browser, route)
    expect(failures.length, failures.join('\n\n')).toBe(0)
  })
}

test('Nu HTML checker: every route as every audience is valid HTML', async ({ browser }) => {
  test.setTimeout(180_000)
  const targets = await seedTargets()
  const dir = test.info().outputPath('server-html')
  mkdirSync(dir, { recursive: true })
  const labels = new Map<string, string>()
  for (const who of ['visitor', 'member', 'admin'] as const) {
    // The server's HTML as this audience receives it; no script runs to change it.
    const { context, self } = await contextFor(browser, who, { javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      for (const [index, route] of ROUTES.entries()) {
        if (!route.audiences.includes(who)) continue
        const url = route.path(targets, self)
        const response = await page.goto(url, { waitUntil: 'commit' })
        expect(response, url).not.toBeNull()
        const file = path.join(dir, `${String(index).padStart(2, '0')}-${who}.html`)
        writeFileSync(file, await response!.text())
        labels.set(file, `${route.name} as ${who} (${url})`)
      }
    } finally {
      await context.close()
    }
  }
  const errors = await nuErrors([...labels.keys()])
  // The checker names files file:/abs/path.
  const labelOf = (url: string) => (url.startsWith('file:') ? labels.get(fileURLToPath(url.replace(/^file:\/*/, 'file:///'))) : undefined) ?? url
  const report = errors.map((e) => `${labelOf(e.url)}, line ${e.lastLine ?? '?'}: ${e.message}\n    ${(e.extract ?? '').replace(/\s+/g, ' ').trim().slice(0, 160)}`)
  expect(report.length, report.join('\n')).toBe(0)
  // Every page was read: an empty report from a checker that saw nothing proves nothing.
  expect(labels.size).toBeGreaterThan(ROUTES.length)
})
