// SPEC §2 Admin → Live, §3 Live stream, §8 Streams, §9 Stream defaults: the creator schedules an
// OBS stream in /admin/live (the title first refused), finds its server and masked key (Show
// reveals it, Copy copies it), goes live, ends it and deletes it.
import { randomBytes } from 'node:crypto'

import type { Page } from '@playwright/test'

import { axeViolations, formatAxe } from './audit-helpers'
import { admin, expect, expectToast, loginViaApi, open, SHOTS_DIR, test, waitForIslands } from './fixtures'

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

const shoot = async (page: Page, theme: 'light' | 'dark', name: string) => {
  await page.evaluate((t) => window.localStorage.setItem('theme', t), theme)
  await page.reload()
  await waitForIslands(page)
  await expect(page.getByTestId('admin-stream').first()).toBeVisible()
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-${theme}.png`, fullPage: true })
  // Contrast and names with a stream card on the page (the site-wide audit sees an empty list).
  const findings = await axeViolations(page)
  expect(findings, formatAxe(findings)).toEqual([])
}

test('an admin schedules an OBS stream, copies its key, goes live, ends it and deletes it', async ({ page }) => {
  await loginViaApi(page, admin().username, admin().password)
  await open(page, '/admin/live')
  const form = page.getByRole('form', { name: 'Schedule a stream' })
  await expect(form.getByLabel('Platform')).toHaveValue('obs')
  await expect(form.getByLabel('Resolution')).toHaveValue('1920x1080')
  await expect(form.getByLabel('Bitrate')).toHaveValue('2500')
  await expect(form.getByLabel('Frame rate')).toHaveValue('30')
  await expect(form.getByLabel('Encoder')).toHaveValue('x264')
  await expect(form.getByRole('switch', { name: 'Premium only' })).toHaveAttribute('aria-checked', 'true')
  await expect(form.getByRole('switch', { name: 'Keep the replay' })).toHaveAttribute('aria-checked', 'true')

  // No title: the schema's words under the field, and the focus on it.
  await form.getByRole('button', { name: 'Create stream' }).click()
  await expect(form.getByText('Stream title is required.')).toBeVisible()
  await expect(form.getByLabel('Title')).toBeFocused()

  const title = `Studio Q&A ${randomBytes(3).toString('hex')}`
  await form.getByLabel('Title').fill(title)
  await form.getByLabel('Description').fill('Questions from members, answered live.')
  await form.getByLabel(/^Starts/).fill('2030-01-15T20:30')
  await form.getByLabel('Frame rate').selectOption('60')
  await form.getByRole('button', { name: 'Create stream' }).click()
  await expectToast(page, 'Stream scheduled', `“${title}”`)
  await expect(form.getByLabel('Title')).toHaveValue('')

  const card = page.getByTestId('admin-stream').filter({ has: page.getByRole('heading', { name: title }) })
  await expect(card.getByTestId('stream-status')).toHaveText('Scheduled')
  await expect(card.getByText('Premium', { exact: true })).toBeVisible()
  // 8:30 PM on the site's clock (New York), whatever the browser's own zone.
  await expect(card.getByText('Jan 15, 2030 at 8:30 PM EST')).toBeVisible()
  await expect(card).toContainText('1080p (1920x1080) · 2500 kbps · 60 fps · x264 (software) · replay kept')

  await expect(card.getByLabel('Server')).toHaveValue(/^rtmp:\/\/[^/]+:\d+\/live$/)
  const key = card.getByLabel('Stream key')
  await expect(key).toHaveAttribute('type', 'password')
  const show = card.getByRole('button', { name: 'Show stream key' })
  await show.click()
  await expect(key).toHaveAttribute('type', 'text')
  await expect(card.getByRole('button', { name: 'Hide stream key' })).toHaveAttribute('aria-pressed', 'true')
  const secret = await key.inputValue()
  expect(secret.length).toBeGreaterThan(10)
  await card.getByRole('button', { name: 'Copy Stream key' }).click()
  await expect(card.getByRole('button', { name: /^Copied/ })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
  await expect(card).toContainText('In OBS: Settings → Stream → Service: Custom…')

  await shoot(page, 'light', 'admin-live')
  await shoot(page, 'dark', 'admin-live')

  // Its settings change in the same form, opened by Edit (the focus goes there).
  await card.getByRole('button', { name: `Edit ${title}` }).click()
  const edit = page.getByRole('form', { name: `Edit “${title}”` })
  await expect(edit.getByLabel('Title')).toBeFocused()
  await expect(edit.getByLabel('Frame rate')).toHaveValue('60')
  await edit.getByLabel('Bitrate').fill('4000')
  await edit.getByRole('button', { name: 'Save settings' }).click()
  await expectToast(page, 'Stream updated')
  await expect(card).toContainText('1080p (1920x1080) · 4000 kbps · 60 fps')
  await expect(form).toBeVisible()

  // Scheduled → live: no delete while live.
  await card.getByRole('button', { name: `Go Live with ${title}` }).click()
  await expectToast(page, 'Stream is live')
  await expect(card.getByTestId('stream-status')).toHaveText('LIVE')
  await expect(card.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0)
  await expect(card.getByRole('button', { name: /^Go Live/ })).toHaveCount(0)
  await card.screenshot({ path: `${SHOTS_DIR}/admin-live-card-live.png` })

  // Live → ended, after a confirm; the keyboard reaches the dialog's buttons.
  await card.getByRole('button', { name: `End Stream ${title}` }).click()
  const dialog = page.getByRole('alertdialog', { name: 'End this stream?' })
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await dialog.getByRole('button', { name: 'End Stream' }).click()
  await expectToast(page, 'Stream ended')
  await expect(card.getByTestId('stream-status')).toHaveText('Ended')
  await expect(card.getByRole('button', { name: /^(Go Live|End Stream|Edit)/ })).toHaveCount(0)

  await card.getByRole('button', { name: `Delete ${title}` }).click()
  await page.getByRole('alertdialog', { name: 'Delete this stream?' }).getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Stream deleted')
  await expect(card).toHaveCount(0)
})
