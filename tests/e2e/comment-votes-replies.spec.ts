// Comments: votes, replies one level deep, every count on the page following posts and
// Deletes without a reload, and timestamps in a comment that seek the player.
import type { Locator, Page } from '@playwright/test'

import { expect, expectToast, open, registerViaApi, test } from './fixtures'

// A free, self-hosted video (the seeded 10-second sample clip plays in <video id="video-player">).
const VIDEO = 'manual_noib0upzhq'

// The tests here comment on the same video and read its counts: one after another, not side by side.
test.describe.configure({ mode: 'default' })

async function openComments(page: Page) {
  await open(page, `/video/${VIDEO}`)
  const section = page.locator('section#comments')
  await section.scrollIntoViewIfNeeded()
  await expect(page.locator('astro-island[ssr]', { has: section })).toHaveCount(0)
  return section
}

const headingCount = async (page: Page) => Number((await page.locator('#comments-heading').textContent())!.match(/\((\d+)\)/)![1])

/** The heading and the facts line under the title (the page's Engagement figures) both say `n`. */
async function expectCounts(page: Page, n: number) {
  await expect(page.locator('#comments-heading')).toHaveText(`Comments (${n})`)
  await expect(page.getByTestId('video-facts').getByRole('link', { name: /comments?$/ })).toHaveText(`${n} ${n === 1 ? 'comment' : 'comments'}`)
}

const vote = (item: Locator, emoji: '👍' | '👎') => item.getByRole('button', { name: new RegExp(`^${emoji} \\d+`) }).first()

test('a member votes, replies, deletes a reply, and every count follows without a reload', async ({ page }) => {
  // The count islands hydrate late (client:count), after the store moved: no hydration mismatch.
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  const { username } = await registerViaApi(page)
  const section = await openComments(page)
  const start = await headingCount(page)
  await expectCounts(page, start)

  const content = `Watch what happens at 0:07 ${Date.now()}`
  await section.getByLabel('Comment', { exact: true }).fill(content)
  await section.getByRole('button', { name: 'Post Comment' }).click()
  await expectToast(page, 'Comment Posted')
  await expectCounts(page, start + 1)
  const item = section.getByRole('listitem').filter({ hasText: content }).first()

  // Up, then switch to down, then take it back.
  await vote(item, '👍').click()
  await expect(vote(item, '👍')).toHaveText(/👍 1/)
  await expect(vote(item, '👍')).toHaveAttribute('aria-pressed', 'true')
  await vote(item, '👎').click()
  await expect(vote(item, '👎')).toHaveText(/👎 1/)
  await expect(vote(item, '👍')).toHaveText(/👍 0/)
  await expect(vote(item, '👍')).toHaveAttribute('aria-pressed', 'false')
  await vote(item, '👎').click()
  await expect(vote(item, '👎')).toHaveText(/👎 0/)
  await expect(vote(item, '👎')).toHaveAttribute('aria-pressed', 'false')

  // Reply inline: the form opens under the comment, the reply shows under it, counts go up.
  await item.getByRole('button', { name: 'Reply', exact: true }).click()
  const form = item.getByRole('form', { name: `Reply to ${username}` })
  await expect(form.getByLabel('Reply', { exact: true })).toBeFocused()
  await form.getByLabel('Reply', { exact: true }).fill('A reply from the same member')
  await form.getByRole('button', { name: 'Post Reply' }).click()
  await expectToast(page, 'Reply Posted')
  const replies = item.getByRole('list', { name: `Replies to ${username}` })
  await expect(replies.getByText('A reply from the same member')).toBeVisible()
  await expect(form).toHaveCount(0)
  await expectCounts(page, start + 2)

  // Delete the reply: the counts come back down, the comment stays.
  const reply = replies.getByRole('listitem').first()
  await reply.getByRole('button', { name: 'Comment options' }).click()
  await page.getByRole('menuitem', { name: 'Delete Comment' }).click()
  await expectToast(page, 'Comment Deleted')
  await expect(replies).toHaveCount(0)
  await expectCounts(page, start + 1)

  expect(errors.filter((text) => /hydrat|did not match/i.test(text))).toEqual([])

  // After a reload the server says the same.
  await openComments(page)
  await expectCounts(page, start + 1)
})

test('a timestamp in a comment seeks the player in place, by mouse and by keyboard', async ({ page }) => {
  await registerViaApi(page)
  const section = await openComments(page)
  // The seeded clip lasts 6 s.
  const content = `Best part is at 0:05, and again at 0:02 ${Date.now()}`
  await section.getByLabel('Comment', { exact: true }).fill(content)
  await section.getByRole('button', { name: 'Post Comment' }).click()
  await expectToast(page, 'Comment Posted')
  const item = section.getByRole('listitem').filter({ hasText: content }).first()
  const player = page.locator('video#video-player')
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1)

  const at5 = item.getByRole('link', { name: 'Play from 0:05' })
  await expect(at5).toHaveAttribute('href', `/video/${VIDEO}?t=5`)
  await at5.click()
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => Math.floor(v.currentTime))).toBeGreaterThanOrEqual(5)
  expect(new URL(page.url()).search).toBe('')

  const at2 = item.getByRole('link', { name: 'Play from 0:02' })
  await player.evaluate((v: HTMLVideoElement) => v.pause())
  await at2.focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => Math.round(v.currentTime))).toBeGreaterThanOrEqual(2)
  expect(await player.evaluate((v: HTMLVideoElement) => v.currentTime < 4.5)).toBe(true)
  expect(new URL(page.url()).search).toBe('')
})

test('a visitor sees the vote counts and a sign-in prompt that brings them back', async ({ page }) => {
  const section = await openComments(page)
  const content = `Visitor-visible ${Date.now()}`
  await section.getByLabel('Name', { exact: true }).fill('Vee')
  await section.getByLabel('Comment', { exact: true }).fill(content)
  await section.getByRole('button', { name: 'Post Comment' }).click()
  await expectToast(page, 'Comment Posted')
  const item = section.getByRole('listitem').filter({ hasText: content }).first()
  await expect(vote(item, '👍')).toHaveText(/👍 0/)
  await vote(item, '👍').click()
  const prompt = item.getByRole('status').filter({ hasText: 'to vote on comments.' })
  await expect(prompt.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/video/${VIDEO}`)}`)
  await expect(vote(item, '👍')).toHaveText(/👍 0/)
})
