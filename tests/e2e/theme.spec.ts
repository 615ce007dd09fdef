// SPEC §4 "Theme": with no stored choice dark applies from 18:00 to 06:00 local time; the toggle
// switches and stores the choice under localStorage 'theme'; dark = data-theme="night" + class
// dark, light = data-theme="day". The theme must be on <html> before the first paint.
import type { Page } from '@playwright/test'

import { atPath, expect, open, test, waitForIslands } from './fixtures'

// A fixed zone, so "20:00" means 20:00 to the page whatever the machine's zone is.
test.use({ timezoneId: 'Europe/Berlin' })

const at = (hhmm: string) => new Date(`2026-03-10T${hhmm}:00+01:00`) // Berlin is UTC+1 in March

async function expectDark(page: Page) {
  const html = page.locator('html')
  await expect(html).toHaveAttribute('data-theme', 'night')
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/)
}

async function expectLight(page: Page) {
  const html = page.locator('html')
  await expect(html).toHaveAttribute('data-theme', 'day')
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/)
}

const storedTheme = (page: Page) => page.evaluate(() => window.localStorage.getItem('theme'))

const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Switch to (light|dark) theme$/ })

test.describe('no stored choice: the clock decides', () => {
  for (const [time, dark] of [
    ['20:00', true],
    ['05:59', true],
    ['18:00', true],
    ['06:00', false],
    ['10:00', false],
    ['17:59', false],
  ] as const) {
    test(`${time} → ${dark ? 'dark' : 'light'}`, async ({ page }) => {
      await page.clock.setFixedTime(at(time))
      await page.goto('/login')
      if (dark) await expectDark(page)
      else await expectLight(page)
      expect(await storedTheme(page)).toBeNull()
    })
  }
})

test('the toggle switches, stores the choice, and it survives a reload and a navigation', async ({ page }) => {
  await page.clock.setFixedTime(at('10:00'))
  await open(page, '/login')
  await expectLight(page)
  await expect(toggle(page)).toHaveAccessibleName('Switch to dark theme')

  await toggle(page).click()
  await expectDark(page)
  await expect.poll(() => storedTheme(page)).toBe('dark')
  await expect(toggle(page)).toHaveAccessibleName('Switch to light theme')

  // Daytime, but the stored choice wins.
  await page.reload()
  await expectDark(page)
  await page.getByRole('banner').getByRole('link', { name: 'Join Community', exact: true }).click()
  await expect(page).toHaveURL(atPath('/register'))
  await expectDark(page)
  await waitForIslands(page)
  await expect(toggle(page)).toHaveAccessibleName('Switch to light theme')

  await toggle(page).click()
  await expectLight(page)
  await expect.poll(() => storedTheme(page)).toBe('light')
})

test('a stored light choice wins at night', async ({ page }) => {
  await page.clock.setFixedTime(at('22:30'))
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1')
      localStorage.setItem('theme', 'light')
    }
  })
  await open(page, '/login')
  await expectLight(page)
  await toggle(page).click()
  await expectDark(page)
  await page.reload()
  await expectDark(page)
  expect(await storedTheme(page)).toBe('dark')
})

test.describe('no flash of the wrong theme', () => {
  /**
   * Records the theme on <html> when the parser first inserts <body> — before any of the page's
   * content exists, so before anything of it can be painted.
   */
  async function recordFirstFrame(page: Page) {
    await page.addInitScript(() => {
      const w = window as unknown as { __firstFrame?: { theme?: string; dark: boolean } }
      const observer = new MutationObserver(() => {
        if (!document.body || w.__firstFrame) return
        const root = document.documentElement
        w.__firstFrame = { theme: root.dataset.theme, dark: root.classList.contains('dark') }
        observer.disconnect()
      })
      observer.observe(document, { childList: true, subtree: true })
    })
  }
  const firstFrame = (page: Page) =>
    page.evaluate(() => (window as unknown as { __firstFrame?: { theme?: string; dark: boolean } }).__firstFrame)

  test('at night the page is dark before its body exists', async ({ page }) => {
    await page.clock.setFixedTime(at('21:00'))
    await recordFirstFrame(page)
    await page.goto('/login', { waitUntil: 'domcontentloaded' })
    // Set by the time the DOM is parsed, before any island or deferred script.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('night')
    await expect.poll(() => firstFrame(page)).toMatchObject({ theme: 'night', dark: true })
  })

  test('a stored dark choice applies before the body exists, in daytime', async ({ page }) => {
    await page.clock.setFixedTime(at('11:00'))
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
    await recordFirstFrame(page)
    await page.goto('/register', { waitUntil: 'domcontentloaded' })
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('night')
    await expect.poll(() => firstFrame(page)).toMatchObject({ theme: 'night', dark: true })
  })

  test('the inline boot script comes before every stylesheet and script in <head>', async ({ request }) => {
    const html = await (await request.get('/login')).text()
    const head = html.slice(0, html.indexOf('</head>'))
    const boot = head.indexOf('localStorage.getItem("theme")')
    expect(boot).toBeGreaterThan(-1)
    const firstStylesheet = head.search(/<link[^>]+rel="?stylesheet|<style[\s>]/)
    const firstScriptWithSrc = head.search(/<script[^>]+src=/)
    if (firstStylesheet !== -1) expect(boot).toBeLessThan(firstStylesheet)
    if (firstScriptWithSrc !== -1) expect(boot).toBeLessThan(firstScriptWithSrc)
  })
})
