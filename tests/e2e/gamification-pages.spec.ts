// SPEC §2 /leaderboard and /gamification 'Your Journey', §4 Stats, §9 points table, levels,
// streak ring, refresh intervals.
import { videos } from '../../cms/seed/fixtures/videos'
import { expect, open, registerViaApi, test } from './fixtures'

// The last free video: other specs count the comments on the first ones.
const freeVideo = videos.filter((v) => !v.isPremium && !v.isUncut).at(-1)!.videoId
const origin = () => ({ origin: process.env.E2E_BASE_URL! })

test('a visitor sees the sign-in prompts: Your Journey asks to sign in, the leaderboard invites to join', async ({ page }) => {
  const journey = await page.goto('/gamification')
  expect(journey?.status()).toBe(401)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In Required' })).toBeVisible()
  await expect(page.getByText('Community Level 1', { exact: true })).toBeVisible()
  await expect(page.getByText('Sign in to track your progress and earn points!', { exact: true })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?next=/gamification')

  await open(page, '/leaderboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible()
  const join = page.getByRole('region', { name: 'Join the leaderboard' })
  await expect(join.getByRole('link', { name: 'Join Community' })).toHaveAttribute('href', '/register')
  await expect(join.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?next=/leaderboard')
  await expect(page.getByRole('region', { name: 'Your progress' })).toHaveCount(0)
  // The points table (§9) and the level table (the `levels` collection: 1 at 0 … 5 at 1000).
  const points = page.getByRole('table', { name: 'Points for activities' })
  await expect(points.getByRole('row', { name: /Comment \+15/ })).toBeVisible()
  await expect(points.getByRole('row', { name: /Daily streak .*\+50/ })).toBeVisible()
  const levels = page.getByRole('table', { name: 'Levels' })
  await expect(levels.getByRole('row')).toHaveCount(11)
  for (const [level, points] of [[2, '100'], [3, '250'], [4, '500'], [5, '1,000']] as const) {
    await expect(levels.getByRole('row').nth(level)).toContainText(points)
  }
})

test('the leaderboard tabs switch periods, by pointer and keyboard, and each tab is a link without JavaScript', async ({ page, browser }) => {
  const { username, id } = await registerViaApi(page)
  const res = await page.request.post(`/api/videos/${freeVideo}/comments`, { data: { content: 'On the board.' }, headers: origin() })
  expect(res.status()).toBe(201)

  await open(page, '/leaderboard')
  const tabs = page.getByRole('tablist', { name: 'Leaderboard period' })
  await expect(tabs.getByRole('tab')).toHaveText(['Daily', 'Weekly', 'Monthly', 'All Time'])
  await expect(tabs.getByRole('tab', { name: 'Weekly' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('list', { name: 'Weekly leaderboard' }).getByRole('link', { name: username })).toHaveAttribute('href', `/profile/${id}`)
  await expect(page.getByRole('region', { name: 'Your progress' })).toBeVisible()

  await tabs.getByRole('tab', { name: 'Daily' }).click()
  await expect(tabs.getByRole('tab', { name: 'Daily' })).toHaveAttribute('aria-selected', 'true')
  await expect(page).toHaveURL(/[?&]period=daily\b/)
  const daily = page.getByRole('list', { name: 'Daily leaderboard' })
  const me = daily.getByRole('listitem').filter({ has: page.getByRole('link', { name: username }) })
  await expect(me).toBeVisible()
  await expect(me).toHaveAttribute('aria-current', 'true')
  await expect(me.getByRole('list', { name: `${username}'s badges` })).toBeVisible()

  // Arrow keys move along the tabs and select (Radix Tabs, automatic activation).
  await tabs.getByRole('tab', { name: 'Daily' }).focus()
  await expect(tabs.getByRole('tab', { name: 'Daily' })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(tabs.getByRole('tab', { name: 'Weekly' })).toBeFocused()
  await expect(tabs.getByRole('tab', { name: 'Weekly' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowRight')
  await expect(tabs.getByRole('tab', { name: 'Monthly' })).toBeFocused()
  await expect(tabs.getByRole('tab', { name: 'Monthly' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('list', { name: 'Monthly leaderboard' })).toBeVisible()
  await page.keyboard.press('End')
  await expect(page.getByRole('list', { name: 'All Time leaderboard' })).toBeVisible()

  // Without JavaScript the tabs are links to the server-rendered board of each period.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL })
  const plain = await context.newPage()
  await plain.goto('/leaderboard')
  await plain.getByRole('tab', { name: 'Monthly' }).click()
  await expect(plain).toHaveURL(/[?&]period=monthly\b/)
  await expect(plain.getByRole('tab', { name: 'Monthly' })).toHaveAttribute('aria-selected', 'true')
  await expect(plain.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible()
  await context.close()
})

test("Your Journey shows the member's stats, rings and achievements; secret ones stay hidden", async ({ page }) => {
  await registerViaApi(page)
  const res = await page.request.post(`/api/videos/${freeVideo}/comments`, { data: { content: 'Unlocking First Words.' }, headers: origin() })
  expect(res.status()).toBe(201)
  const stats = (await res.json()) as { award?: { pointsAwarded: number } }
  expect(stats.award?.pointsAwarded).toBe(55)

  await open(page, '/gamification')
  await expect(page.getByRole('heading', { level: 1, name: 'Your Journey' })).toBeVisible()
  const cards = page.getByRole('list', { name: 'Your stats' })
  for (const label of ['Level', 'Points', 'Streak', 'Total earned', 'Rank']) await expect(cards.getByText(label, { exact: true })).toBeVisible()
  await expect(cards.getByRole('listitem').filter({ hasText: 'Streak' })).toContainText('1 day')

  const tabs = page.getByRole('tablist', { name: 'Your Journey' })
  await expect(tabs.getByRole('tab')).toHaveText(['Achievements', 'Leaderboard', 'Progress', 'Earn Points'])
  const recent = page.getByRole('list', { name: 'Recent achievements' })
  await expect(recent.getByRole('listitem')).toHaveCount(await recent.getByRole('listitem').count())
  expect(await recent.getByRole('listitem').count()).toBeLessThanOrEqual(3)
  await expect(recent.getByText('First Words', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: /^Show all achievements/ }).click()
  const all = page.getByRole('list', { name: 'All achievements' })
  await expect(all.getByText('Secret achievement', { exact: true })).toHaveCount(2)
  await expect(all.getByText('Always Here')).toHaveCount(0)

  await tabs.getByRole('tab', { name: 'Progress' }).click()
  await expect(page).toHaveURL(/[?&]tab=progress\b/)
  await expect(page.getByRole('img', { name: /^Level \d+, \d+% of the way to Level \d+$/ })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Streak: 1 day, Getting started' })).toBeVisible()
  await expect(page.getByText('Commented on:', { exact: false }).first()).toBeVisible()

  await tabs.getByRole('tab', { name: 'Leaderboard' }).click()
  await expect(page.getByRole('heading', { name: 'Top 10 this week' })).toBeVisible()
  expect(await page.getByRole('list', { name: 'Top 10 this week' }).getByRole('listitem').count()).toBeLessThanOrEqual(10)

  await tabs.getByRole('tab', { name: 'Earn Points' }).click()
  await expect(page.getByRole('table', { name: 'Points for activities' })).toBeVisible()

  // Stats come back every 30 s and after an award; on error the fallback shows.
  await page.route('**/api/user/stats', (route) => route.fulfill({ status: 500, body: 'boom' }))
  await page.clock.install()
  await page.reload()
  await expect(page.getByRole('list', { name: 'Your stats' })).toBeVisible()
  // Let the idle island hydrate on the installed clock, then pass the 30 s refresh.
  await page.clock.runFor(2000)
  await expect(page.locator('astro-island[ssr]').filter({ has: page.getByRole('list', { name: 'Your stats' }) })).toHaveCount(0)
  await page.clock.runFor(31_000)
  await expect(page.getByText('Community Level 1', { exact: true })).toBeVisible()
  await expect(page.getByText('Sign in to track your progress and earn points!', { exact: true })).toBeVisible()
})
