// SPEC §2 Video page comments section, §4 Comment like, §5 Comment, §6 roles, §8 comment toasts.
// Needs the CommentsSection mounted on /video/{videoId} (site/components/comments/CommentsSection.astro).
import type { Page } from '@playwright/test'

import { videos } from '../../cms/seed/fixtures/videos'
import { expect, expectToast, open, registerViaApi, test } from './fixtures'

const freeVideos = videos.filter((v) => !v.isPremium).map((v) => v.videoId)

/** The section hydrates when scrolled into view (client:visible): scroll, then wait for React. */
async function openComments(page: Page, videoId: string) {
  await open(page, `/video/${videoId}`)
  const section = page.locator('section#comments')
  await section.scrollIntoViewIfNeeded()
  await expect(page.locator('astro-island[ssr]', { has: section })).toHaveCount(0)
  return section
}

const countOf = async (page: Page) => Number((await page.locator('#comments-heading').textContent())!.match(/\((\d+)\)/)![1])

test('a visitor posts a comment with a name; markup in it stays text', async ({ page }) => {
  const section = await openComments(page, freeVideos[4]!)
  const before = await countOf(page)
  await expect(section.getByRole('heading', { level: 2 })).toHaveText(`Comments (${before})`)

  // Validation first: the spec's messages beside the fields, and the n/2000 counter.
  await section.getByRole('button', { name: 'Post Comment' }).click()
  await expect(section.getByText('Name is required')).toBeVisible()
  await expect(section.getByText('Comment is required')).toBeVisible()
  await expect(section.getByText('0/2000')).toBeVisible()

  const text = '<script>window.__pwned = true</script> Powerful talk, thank you.'
  await section.getByLabel('Name', { exact: true }).fill('Ada Visitor')
  await section.getByLabel(/^Email/).fill('ada@example.org')
  await section.getByLabel('Comment', { exact: true }).fill(text)
  await expect(section.getByText(`${text.length}/2000`)).toBeVisible()
  await section.getByRole('button', { name: 'Post Comment' }).click()

  await expectToast(page, 'Comment Posted')
  const item = section.getByRole('listitem').filter({ hasText: 'Ada Visitor' }).first()
  await expect(item.getByText(text, { exact: true })).toBeVisible()
  await expect(item.getByText('AV', { exact: true })).toBeVisible()
  await expect(item.getByText('Just now')).toBeVisible()
  for (const control of ['👍 0', '👎 0', 'Reply']) await expect(item.getByRole('button', { name: control })).toBeVisible()
  await expect(item.getByRole('button', { name: 'Add reaction' })).toHaveCount(0)
  await expect(page.locator('#comments-heading')).toHaveText(`Comments (${before + 1})`)
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined()
  await expect(section.getByText('ada@example.org')).toHaveCount(0)

  // Server-rendered on reload, still without the email.
  await openComments(page, freeVideos[4]!)
  await expect(page.locator('section#comments').getByText(text, { exact: true }).first()).toBeVisible()
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined()
})

test('a member comments under their account, reacts, likes once and deletes their own', async ({ page }) => {
  const { username } = await registerViaApi(page)
  const section = await openComments(page, freeVideos[5]!)
  await expect(section.getByText(`Commenting as ${username}`)).toBeVisible()
  await expect(section.getByLabel('Name', { exact: true })).toHaveCount(0)
  await section.getByLabel('Comment', { exact: true }).fill('Members can react to this.')
  await section.getByRole('button', { name: 'Post Comment' }).click()
  await expectToast(page, 'Comment Posted')

  const item = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: username }) })
  await expect(item.getByRole('link', { name: username })).toHaveAttribute('href', /^\/profile\/\d+$/)

  // React: the picker has the four groups; the chip shows the count and is pressed.
  await item.getByRole('button', { name: 'Add reaction' }).click()
  const picker = item.getByRole('group', { name: 'Reactions' })
  for (const group of ['Reactions', 'Emotions', 'Gestures', 'Objects']) await expect(picker.getByText(group, { exact: true })).toBeVisible()
  await picker.getByRole('button', { name: 'React with 🔥' }).click()
  const fire = item.getByRole('button', { name: '🔥 1' })
  await expect(fire).toHaveAttribute('aria-pressed', 'true')
  await fire.click()
  await expect(item.getByRole('button', { name: '🔥 1' })).toHaveCount(0)

  // Like once: the heart is disabled afterwards, and stays so after a reload.
  await item.getByRole('button', { name: 'Like 0', exact: true }).click()
  await expect(item.getByRole('button', { name: 'Liked 1', exact: true })).toBeDisabled()
  await openComments(page, freeVideos[5]!)
  const again = page.locator('section#comments').getByRole('listitem').filter({ has: page.getByRole('heading', { name: username }) })
  await expect(again.getByRole('button', { name: 'Liked 1', exact: true })).toBeDisabled()

  // Delete own comment from its menu.
  const before = await countOf(page)
  await again.getByRole('button', { name: 'Comment options' }).click()
  await page.getByRole('menuitem', { name: 'Delete Comment' }).click()
  await expectToast(page, 'Comment Deleted')
  await expect(again).toHaveCount(0)
  await expect(page.locator('#comments-heading')).toHaveText(`Comments (${before - 1})`)
})

test("a member gets no delete menu on someone else's comment", async ({ page, browser }) => {
  const video = freeVideos[6]!
  const other = await browser.newPage()
  await registerViaApi(other)
  const content = `Not yours to delete ${Date.now()}`
  const res = await other.request.post(`/api/videos/${video}/comments`, { data: { content }, headers: { origin: process.env.E2E_BASE_URL! } })
  expect(res.status()).toBe(201)
  await other.close()

  await registerViaApi(page)
  const section = await openComments(page, video)
  const item = section.getByRole('listitem').filter({ hasText: content })
  await expect(item).toBeVisible()
  await expect(item.getByRole('button', { name: 'Add reaction' })).toBeVisible()
  await expect(item.getByRole('button', { name: 'Comment options' })).toHaveCount(0)
})

test('a refused post (rate limit) shows the error toast with the server message', async ({ page }) => {
  const video = freeVideos[7]!
  const message = "You're commenting too fast. Please wait 1 minute and try again."
  await page.route(`**/api/videos/${video}/comments`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: message }) })
      : route.fallback(),
  )
  const section = await openComments(page, video)
  await section.getByLabel('Name', { exact: true }).fill('Speedy')
  await section.getByLabel('Comment', { exact: true }).fill('One more')
  await section.getByRole('button', { name: 'Post Comment' }).click()
  await expectToast(page, 'Failed to post comment. Please try again.', message, { destructive: true })
  await expect(section.getByLabel('Comment', { exact: true })).toHaveValue('One more')
})
