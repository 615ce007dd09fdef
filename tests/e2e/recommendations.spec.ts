// SPEC §2 /recommendations 'For You', §4 Mood flow, §5 Mood, §8 messages: the page as a member
// uses it. What the API answers (scores, limits, another member's items) is tested in tests/int.
import { FEEDBACK_CONFIRMATIONS, MOOD_REQUIRED, MOOD_REQUIRED_DESCRIPTION } from '../../shared/messages'
import { SIGN_IN_FOR_RECOMMENDATIONS } from '../../shared/member-messages'
import type { Recommendation } from '../../site/islands/recommendations/types'
import { expect, expectToast, open, registerViaApi, test } from './fixtures'

const titleOf = (r: Recommendation) => (r.video?.title ?? r.blogPost?.title)!

test('/recommendations asks a visitor to sign in', async ({ page }) => {
  const response = await page.goto('/recommendations')
  expect(response?.status()).toBe(401)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In Required' })).toBeVisible()
  await expect(page.getByText(SIGN_IN_FOR_RECOMMENDATIONS)).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?next=/recommendations')
})

test('a member shares a mood, rates what comes back, and generates again from History', async ({ page }) => {
  test.setTimeout(90_000)
  await registerViaApi(page)
  await open(page, '/recommendations')
  await expect(page.getByRole('heading', { level: 1, name: 'For You' })).toBeVisible()
  const tabs = page.getByRole('tablist', { name: 'For You' })
  await expect(tabs.getByRole('tab')).toHaveText(['New Mood', 'My Feed', 'History'])
  await expect(tabs.getByRole('tab', { name: 'New Mood' })).toHaveAttribute('aria-selected', 'true')

  // No mood picked: the spec's toast, and nothing is sent.
  const moodPosts: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/user/mood') moodPosts.push(r.url())
  })
  const submit = page.getByRole('button', { name: 'Get Recommendations' })
  await submit.click()
  await expectToast(page, MOOD_REQUIRED, MOOD_REQUIRED_DESCRIPTION, { destructive: true })
  expect(moodPosts).toEqual([])

  const moods = page.getByRole('group', { name: 'How are you feeling right now?' })
  await expect(moods.getByRole('radio')).toHaveCount(10)
  await moods.getByRole('radio', { name: 'Hopeful' }).check()
  const slider = page.getByRole('slider', { name: 'Intensity' })
  await expect(slider).toHaveValue('0.5')
  await slider.focus()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(slider).toHaveValue('0.7')
  await expect(page.locator('output')).toContainText('0.7')
  const context = page.getByRole('textbox', { name: /What's on your mind\?/ })
  await expect(page.getByText('0/500')).toBeVisible()
  await context.fill('Looking for good news today.')
  await expect(page.getByText('28/500')).toBeVisible()

  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/user/mood')
  await submit.click()
  const answer = await answered
  expect(answer.status()).toBe(201)
  expect(answer.request().postDataJSON()).toEqual({ mood: 'hopeful', intensity: 0.7, context: 'Looking for good news today.' })
  const { recommendations } = (await answer.json()) as { recommendations: Recommendation[] }
  expect(recommendations.length).toBeGreaterThan(1)

  // The answer shows in My Feed, on top: each item links to its page, with its score and reason.
  await expect(tabs.getByRole('tab', { name: 'My Feed' })).toHaveAttribute('aria-selected', 'true')
  const feed = page.getByRole('list', { name: 'Recommended for you' })
  const items = feed.getByRole('listitem')
  for (const [i, r] of recommendations.entries()) {
    const item = items.nth(i)
    await expect(item.getByRole('heading', { level: 3 }).getByRole('link', { name: titleOf(r), exact: true })).toHaveAttribute('href', r.url)
    await expect(item).toContainText(r.reason)
    await expect(item).toContainText(`Match score ${Math.round(r.score * 100)}%`)
  }
  const before = await items.count()

  const first = items.first()
  const firstTitle = (await first.getByRole('heading', { level: 3 }).textContent())!.trim()
  const liked = first.getByRole('button', { name: 'I like this' })
  await expect(liked).toHaveAttribute('aria-pressed', 'false')
  await liked.click()
  await expectToast(page, FEEDBACK_CONFIRMATIONS.liked)
  await expect(liked).toHaveAttribute('aria-pressed', 'true')

  const second = items.nth(1)
  const secondTitle = (await second.getByRole('heading', { level: 3 }).textContent())!.trim()
  await second.getByRole('button', { name: 'Not interested' }).click()
  await expectToast(page, FEEDBACK_CONFIRMATIONS.not_interested)
  await expect(feed.getByRole('heading', { level: 3, name: secondTitle, exact: true })).toHaveCount(0)
  await expect(items).toHaveCount(before - 1)

  // Both choices were saved: the page's own HTML agrees after a reload.
  await open(page, '/recommendations?tab=feed')
  await expect(feed.getByRole('heading', { level: 3, name: secondTitle, exact: true })).toHaveCount(0)
  const likedAgain = feed.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: firstTitle, exact: true }) })
  await expect(likedAgain.getByRole('button', { name: 'I like this' })).toHaveAttribute('aria-pressed', 'true')

  // The filter asks for one type.
  const videosOnly = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/recommendations' && new URL(r.url()).searchParams.get('type') === 'video')
  const show = page.getByRole('group', { name: 'Show' })
  await show.getByRole('radio', { name: 'Videos' }).check()
  expect((await videosOnly).status()).toBe(200)
  await expect(feed.getByText('Video', { exact: true }).first()).toBeVisible()
  await expect(feed.getByText('Blog Post', { exact: true })).toHaveCount(0)

  // History: the mood as it was given; 'Generate Again' asks for 8 and fills My Feed.
  await tabs.getByRole('tab', { name: 'History' }).click()
  const history = page.getByRole('list', { name: 'Your recent moods' })
  const entry = history.getByRole('listitem').first()
  await expect(entry.getByRole('heading', { level: 3 })).toHaveText('Hopeful')
  await expect(entry).toContainText('Intensity 0.7')
  await expect(entry).toContainText('Looking for good news today.')
  await expect(entry).toContainText('Just now')
  const generated = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/recommendations/generate')
  await entry.getByRole('button', { name: 'Generate Again' }).click()
  const response = await generated
  expect(response.request().postDataJSON()).toEqual({ mood: 'hopeful', limit: 8 })
  const fresh = (await response.json()) as Recommendation[]
  expect(fresh.length).toBeGreaterThan(0)
  expect(fresh.length).toBeLessThanOrEqual(8)
  await expect(tabs.getByRole('tab', { name: 'My Feed' })).toHaveAttribute('aria-selected', 'true')
  await expect(show.getByRole('radio', { name: 'All' })).toBeChecked()
  for (const r of fresh) await expect(feed.getByRole('link', { name: titleOf(r), exact: true })).toHaveAttribute('href', r.url)

  // Following a title marks the item viewed.
  const link = feed.getByRole('listitem').first().getByRole('heading', { level: 3 }).getByRole('link')
  const href = (await link.getAttribute('href'))!
  const viewed = page.waitForRequest((r) => r.method() === 'PATCH' && /^\/api\/recommendations\/[^/]+\/viewed$/.test(new URL(r.url()).pathname))
  await link.click()
  await viewed
  await expect(page).toHaveURL((url) => url.pathname === href)

  // So does following one on the home page's For You.
  await page.goto('/')
  const homeLink = page.getByTestId('for-you-items').getByRole('link').first()
  const id = (await homeLink.getAttribute('data-recommendation-id'))!
  const homeViewed = page.waitForRequest((r) => r.method() === 'PATCH' && new URL(r.url()).pathname === `/api/recommendations/${id}/viewed`)
  await homeLink.click()
  await homeViewed
  await expect
    .poll(() => page.evaluate(async (id) => ((await (await fetch('/api/recommendations')).json()) as { id: unknown; isViewed: boolean }[]).find((r) => String(r.id) === id)?.isViewed, id))
    .toBe(true)
})
