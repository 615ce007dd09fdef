// SPEC §2 /bookmarks and the bookmark controls of the video and post pages, §4 Bookmark, §5, §8.
// The page tests need BookmarkButton mounted on /video/{videoId} and /post/{slug}.
import { posts } from '../../cms/seed/fixtures/posts'
import { videos } from '../../cms/seed/fixtures/videos'
import { expect, expectToast, open, registerViaApi, test } from './fixtures'

const video = videos.find((v) => !v.isPremium && v.source === 'youtube')!
const post = posts.find((p) => p.status === 'published')!
const origin = () => ({ origin: process.env.E2E_BASE_URL! })

test('bookmark a video and a post from their pages, see both on /bookmarks, remove them', async ({ page }) => {
  await registerViaApi(page)

  await open(page, `/video/${video.videoId}`)
  // The video page has one bookmark control, its state in words.
  const videoButton = page.locator('main').getByRole('button', { name: /^Bookmark(ed)?$/ })
  await expect(videoButton).toHaveText('Bookmark')
  await videoButton.click()
  await expectToast(page, 'Bookmark Added')
  await expect(videoButton).toHaveText('Bookmarked')

  await open(page, `/post/${post.slug}`)
  const postButton = page.locator('main').getByRole('button', { name: /^Bookmark/ }).first()
  await postButton.click()
  await expectToast(page, 'Bookmark Added')

  await open(page, '/bookmarks')
  const list = page.getByRole('list', { name: 'Saved items' })
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await expect(list.getByRole('link', { name: post.title })).toHaveAttribute('href', `/post/${post.slug}`)
  await expect(list.getByRole('link', { name: video.title })).toHaveAttribute('href', `/video/${video.videoId}`)
  await expect(list.getByText('Blog Post')).toBeVisible()
  await expect(list.getByText('Video', { exact: true })).toBeVisible()
  await expect(list.getByText('Saved Just now')).toHaveCount(2)

  await list.getByRole('button', { name: `Remove ${post.title} from bookmarks` }).click()
  await expectToast(page, 'Bookmark Removed')
  await list.getByRole('button', { name: `Remove ${video.title} from bookmarks` }).click()
  await expect(page.getByRole('heading', { name: 'No Bookmarks Yet' })).toBeVisible()

  // The video page agrees: no longer bookmarked.
  await open(page, `/video/${video.videoId}`)
  await expect(page.locator('main').getByRole('button', { name: /^Bookmark(ed)?$/ })).toHaveText('Bookmark')
})

test("a saved video's page says so from its HTML, no check request", async ({ page }) => {
  await registerViaApi(page)
  const saved = await page.request.post('/api/bookmarks', { data: { contentType: 'video', contentId: video.videoId, title: video.title }, headers: origin() })
  expect(saved.status()).toBe(201)
  const checks: string[] = []
  page.on('request', (req) => {
    if (req.url().includes('/api/bookmarks/check/')) checks.push(req.url())
  })
  await open(page, `/video/${video.videoId}`)
  const main = page.locator('main')
  await expect(main.getByRole('button', { name: 'Bookmarked', exact: true })).toBeVisible()
  await expect(main.getByRole('button', { name: 'Bookmark', exact: true })).toHaveCount(0)
  expect(checks).toEqual([])
})

test("a visitor's bookmark click asks them to sign in", async ({ page }) => {
  await open(page, `/video/${video.videoId}`)
  await page.locator('main').getByRole('button', { name: 'Bookmark', exact: true }).first().click()
  await expectToast(page, 'Sign In Required', 'Please sign in to bookmark content.')
  // The prompt's Sign In brings the reader back to this video.
  await page.getByRole('region', { name: /Notifications/ }).getByRole('link', { name: 'Sign In' }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === `/video/${video.videoId}`)
})

test('/bookmarks: sign-in page for visitors; a member lists, removes, and reaches the empty state', async ({ page }) => {
  const visitor = await page.goto('/bookmarks')
  expect(visitor?.status()).toBe(401)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In Required' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?next=/bookmarks')

  await registerViaApi(page)
  for (const data of [
    { contentType: 'video', contentId: video.videoId, title: video.title },
    { contentType: 'blog_post', contentId: post.slug, title: post.title },
  ]) {
    expect((await page.request.post('/api/bookmarks', { data, headers: origin() })).status()).toBe(201)
  }
  await open(page, '/bookmarks')
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookmarks' })).toBeVisible()
  await expect(page.getByText('2 saved items')).toBeVisible()
  const list = page.getByRole('list', { name: 'Saved items' })
  // Newest first.
  await expect(list.getByRole('heading', { level: 2 })).toHaveText([post.title, video.title])
  await list.getByRole('button', { name: `Remove ${post.title} from bookmarks` }).click()
  await expectToast(page, 'Bookmark Removed', post.title)
  await expect(page.getByText('1 saved item')).toBeVisible()
  await list.getByRole('button', { name: `Remove ${video.title} from bookmarks` }).click()
  await expect(page.getByRole('heading', { name: 'No Bookmarks Yet' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Browse Videos' })).toHaveAttribute('href', '/vlog')
  await expect(page.getByRole('link', { name: 'Read News & Commentary' })).toHaveAttribute('href', '/blog')
  await open(page, '/bookmarks')
  await expect(page.getByRole('heading', { name: 'No Bookmarks Yet' })).toBeVisible()
})

test('a failed removal says so and keeps the item', async ({ page }) => {
  await registerViaApi(page)
  await page.request.post('/api/bookmarks', { data: { contentType: 'video', contentId: video.videoId, title: video.title }, headers: origin() })
  await page.route('**/api/bookmarks/video/**', (route) =>
    route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Something went wrong on our side. Please try again."}' }) : route.fallback(),
  )
  await open(page, '/bookmarks')
  await page.getByRole('button', { name: `Remove ${video.title} from bookmarks` }).click()
  await expectToast(page, 'Failed to remove bookmark', 'Something went wrong on our side. Please try again.', { destructive: true })
  await expect(page.getByRole('link', { name: video.title })).toBeVisible()
})
