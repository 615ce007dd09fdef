// Analytics: SPEC §2 Admin panel → Analytics: the creator opens /admin and sees the
// Member counts, video stats, revenue and conversion (K/M formats), and the traffic the site
// recorded itself — including pages just read by a visitor — as a chart with a table alternative.
import type { Page, Response } from '@playwright/test'

import { videos } from '../../cms/seed/fixtures/videos'
import { conversionRate, estimatedMonthlyRevenue } from '../../shared/analytics'
import { formatCount, formatMoney, formatPercent } from '../../shared/format'
import type { AnalyticsSummary, RealtimeVisitors, UserCounts, VideoStats } from '../../shared/types/analytics'
import { admin, expect, loginViaApi, open, registerViaApi, test } from './fixtures'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
/** A free self-hosted demo video (a 6 s clip) no other spec plays. */
const CLIP = videos.find((v) => v.videoId === 'manual_yhb0kz8soz')!

/** A desktop browser's user agent: headless Chromium's own says "HeadlessChrome", which is not counted. */
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

const json = async <T,>(response: Promise<Response>) => (await (await response).json()) as T
const answered = (page: Page, path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === path && r.status() === 200)
const card = (page: Page, list: string, label: string) =>
  page.getByRole('list', { name: list }).getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) })

test('the admin sees the counts, revenue, conversion and a chart of the pages just read', async ({ page, browser }) => {
  // A visitor reads two pages in an ordinary browser.
  const reader = await browser.newContext({ userAgent: DESKTOP })
  const readerPage = await reader.newPage()
  for (const path of ['/blog', '/vlog']) expect((await readerPage.goto(path))?.status()).toBe(200)
  await reader.close()

  await loginViaApi(page, admin().username, admin().password)
  // Page views are written about once a second: wait until today's figures hold those two.
  // (From the page: the session cookie is Secure, which the browser sends to localhost.)
  await page.goto('/robots.txt')
  const todaysViews = () =>
    page.evaluate(async () => {
      const res = await fetch('/api/admin/analytics?days=1', { credentials: 'same-origin' })
      return res.ok ? ((await res.json()) as { totals: { pageViews: number } }).totals.pageViews : -res.status
    })
  await expect.poll(todaysViews, { timeout: 20_000 }).toBeGreaterThanOrEqual(2)

  const counts = json<UserCounts>(answered(page, '/api/admin/user-count'))
  const stats = json<VideoStats>(answered(page, '/api/admin/video-stats'))
  const summary = json<AnalyticsSummary>(answered(page, '/api/admin/analytics'))
  await open(page, '/admin')
  const [c, v, a] = await Promise.all([counts, stats, summary])

  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
  await expect(card(page, 'Site figures', 'Total users')).toContainText(formatCount(c.totalUsers))
  await expect(card(page, 'Site figures', 'Premium users')).toContainText(formatCount(c.premiumUsers))
  await expect(card(page, 'Site figures', 'Active users')).toContainText(formatCount(c.activeUsers))
  await expect(card(page, 'Site figures', 'Admin users')).toContainText(formatCount(c.adminUsers))
  // The seeded catalogue at least (the import and upload specs may add videos for a moment meanwhile),
  // and their views in K once past 1000; the card shows what the endpoint answered.
  expect(v.totalVideos).toBeGreaterThanOrEqual(videos.length)
  await expect(card(page, 'Site figures', 'Total videos')).toContainText(String(v.totalVideos))
  // The site's own views and YouTube's imported counts are shown apart, never added together.
  await expect(card(page, 'Site figures', 'Views on this site')).toContainText(formatCount(v.siteViews))
  await expect(card(page, 'Site figures', 'YouTube views (imported)')).toContainText(formatCount(v.importedViews))
  await expect(card(page, 'Site figures', 'Total views')).toHaveCount(0)
  await expect(card(page, 'Site figures', 'Revenue')).toContainText(formatMoney(estimatedMonthlyRevenue(c.premiumUsers)))
  await expect(card(page, 'Site figures', 'Conversion rate')).toContainText(formatPercent(conversionRate(c.premiumUsers, c.totalUsers)))

  // Last 30 days by default; today's page views include the visitor's two pages.
  expect(a.series).toHaveLength(30)
  expect(a.series.at(-1)!.pageViews).toBeGreaterThanOrEqual(2)
  await expect(card(page, 'Totals for the range', 'Page views')).toContainText(formatCount(a.totals.pageViews))
  const chart = page.getByRole('figure', { name: 'Page views and visits' })
  await expect(chart.getByRole('application')).toBeVisible()
  await expect(chart.locator('.recharts-area-area').first()).toBeVisible()
  await chart.getByText('Show the data as a table').click()
  const today = chart.getByRole('table', { name: 'Page views and visits by day' }).getByRole('row').last()
  await expect(today.getByRole('cell').first()).toHaveText(a.series.at(-1)!.pageViews.toLocaleString('en-US'))

  // Another range: the last 7 days, asked for with ?days=7.
  const week = answered(page, '/api/admin/analytics')
  await page.getByLabel('Date range').selectOption({ label: 'Last 7 days' })
  expect(new URL((await week).url()).searchParams.get('days')).toBe('7')
  // (The table stays open across ranges.)
  await expect(chart.getByRole('table', { name: 'Page views and visits by day' }).getByRole('row')).toHaveCount(8)
})

test('on a phone in the dark theme the dashboard fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'))
  await loginViaApi(page, admin().username, admin().password)
  const summary = answered(page, '/api/admin/analytics')
  await open(page, '/admin')
  await summary
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expect(page.getByRole('figure', { name: 'Sign-ups and new Premium' }).getByRole('application')).toBeVisible()
  // Nothing wider than the phone: tables scroll inside their own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('the admin sees where visitors came from and on what, opens a video from the top list and reads its retention curve', async ({ page, browser }) => {
  // Two members arrive on a phone from a Google search and play the 6 s clip: one to its end, one
  // half of it (beats as the player sends them: at the start, then where it stopped, with the clip's length).
  for (const stopAt of [6, 3]) {
    const phone = await browser.newContext({ userAgent: IPHONE })
    const member = await phone.newPage()
    await registerViaApi(member)
    expect((await member.goto(`/video/${CLIP.videoId}`, { referer: 'https://www.google.com/' }))?.status()).toBe(200)
    const beat = (position: number) =>
      member.request.post(`/api/videos/${CLIP.videoId}/progress`, { data: { position, duration: 6 }, headers: { origin: process.env.E2E_BASE_URL! } })
    expect((await beat(0)).status()).toBe(200)
    // The server counts only play that real time allows (2× speed at most).
    await member.waitForTimeout((stopAt / 2) * 1000)
    expect((await beat(stopAt)).status()).toBe(200)
    await phone.close()
  }

  await loginViaApi(page, admin().username, admin().password)
  await page.goto('/robots.txt')
  // Page views are written about once a second: wait until today's figures hold a phone from a search engine.
  const today = () =>
    page.evaluate(async () => {
      const res = await fetch('/api/admin/analytics?days=1', { credentials: 'same-origin' })
      const body = (await res.json()) as AnalyticsSummary
      return { search: body.sources.find((s) => s.source === 'search')!.views, mobile: body.devices.find((d) => d.device === 'mobile')!.views }
    })
  await expect.poll(async () => { const t = await today(); return Math.min(t.search, t.mobile) }, { timeout: 20_000 }).toBeGreaterThanOrEqual(2)

  await open(page, '/admin')
  await expect(page.getByRole('heading', { name: 'Right now' })).toBeVisible()
  await expect(page.getByTestId('active-visitors')).toHaveText(/^\d+$/)
  const sources = page.getByRole('table', { name: 'Page views by traffic source' })
  await expect(sources.getByRole('row', { name: /Search engines/ })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Page views by referring site' }).getByRole('row', { name: /google\.com/ })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Page views by device' }).getByRole('row', { name: /Mobile/ })).toBeVisible()

  // The clip in the top videos by watch time opens its own analytics page.
  const topVideos = page.getByRole('region', { name: 'Top videos' })
  await topVideos.getByRole('tab', { name: 'By watch time' }).click()
  await topVideos.getByRole('table', { name: 'Top videos by watch time' }).getByRole('link', { name: CLIP.title }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/analytics/video/${CLIP.videoId}$`))
  await expect(page.getByRole('heading', { name: CLIP.title })).toBeVisible()
  await expect(card(page, 'Video figures', 'Completion rate')).toContainText('%')

  const retention = page.getByRole('figure', { name: 'Retention' })
  await expect(retention.locator('.recharts-area-area')).toBeVisible()
  await retention.getByText('Show the data as a table').click()
  const table = retention.getByRole('table', { name: 'Share of viewers still watching at each point of the video' })
  await expect(table.getByRole('row')).toHaveCount(21)
  // Both members started it; one of the two stopped halfway.
  await expect(table.getByRole('row', { name: /^0% / })).toContainText('100%')
  await expect(table.getByRole('row', { name: /^50% / })).toContainText('50%')
})

test('"Right now" refreshes by itself: a visitor who arrives while the admin watches is counted without a reload', async ({ page, browser }) => {
  await loginViaApi(page, admin().username, admin().password)
  await page.clock.install()
  const first = json<RealtimeVisitors>(answered(page, '/api/admin/analytics/realtime'))
  await open(page, '/admin')
  const before = await first
  await expect(page.getByTestId('active-visitors')).toHaveText(String(before.activeVisitors))

  // A visitor on a network of their own reads a page.
  const reader = await browser.newContext({ userAgent: DESKTOP, extraHTTPHeaders: { 'x-forwarded-for': `198.51.${Math.floor(Math.random() * 250)}.7` } })
  expect((await (await reader.newPage()).goto('/categories'))?.status()).toBe(200)
  await reader.close()

  // 15 s later the panel asks again, in the same page.
  await expect
    .poll(async () => {
      const next = answered(page, '/api/admin/analytics/realtime')
      await page.clock.runFor(15_000)
      return (await json<RealtimeVisitors>(next)).pages.some((p) => p.path === '/categories')
    }, { timeout: 20_000 })
    .toBe(true)
  const shown = page.getByRole('table', { name: 'Pages read in the last 5 minutes' })
  await expect(shown.getByRole('row', { name: /\/categories/ })).toBeVisible()
})
