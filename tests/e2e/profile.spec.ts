// SPEC §2 /profile, §3 badges, §5 Profile rules, §8 'Update Failed' / 'Upload Failed' / 'User Not Found'.
import sharp from 'sharp'

import { expect, expectToast, freshRequest, open, registerViaApi, test } from './fixtures'

const tinyPng = () => sharp({ create: { width: 24, height: 24, channels: 3, background: '#f2b233' } }).png().toBuffer()

test('the owner edits bio, location and website, and uploads a picture', async ({ page }) => {
  const { id, username, memberNumber } = await registerViaApi(page)
  await open(page, `/profile/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: username })).toBeVisible()
  await expect(page.getByText(`Member #${memberNumber}`, { exact: true })).toBeVisible()
  await expect(page.getByRole('list', { name: `${username}'s badges` })).toContainText(`#${memberNumber}`)
  await expect(page.getByRole('img', { name: `${username}'s avatar` })).toBeVisible()

  await page.getByRole('button', { name: 'Edit Profile' }).click()
  await page.getByLabel('Website').fill('not a url')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByText('Please enter a valid website URL')).toBeVisible()
  await page.getByLabel('Bio').fill('Organiser, reader, neighbour.')
  await expect(page.getByText('29/500')).toBeVisible()
  await page.getByLabel('Location').fill('Detroit, MI')
  await page.getByLabel('Website').fill('https://example.org/ada')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expectToast(page, 'Profile Updated')
  await expect(page.getByText('Organiser, reader, neighbour.')).toBeVisible()
  await expect(page.getByText('Detroit, MI')).toBeVisible()
  const link = page.getByRole('link', { name: 'example.org/ada' })
  await expect(link).toHaveAttribute('href', 'https://example.org/ada')
  await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener')

  await page.getByLabel('Profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await tinyPng() })
  await expectToast(page, 'Profile Picture Updated')
  const picture = page.getByRole('img', { name: `${username}'s profile picture` })
  await expect(picture).toHaveAttribute('src', /avatar-\d+-\d+\.webp$/)
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512)

  // A visitor sees the same profile, without the controls.
  await page.context().clearCookies()
  await open(page, `/profile/${id}`)
  await expect(page.getByText('Organiser, reader, neighbour.')).toBeVisible()
  await expect(page.getByRole('img', { name: `${username}'s profile picture` })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Change Photo' })).toHaveCount(0)
})

test("upload and update failures show the spec's toasts", async ({ page }) => {
  const { id } = await registerViaApi(page)
  await open(page, `/profile/${id}`)
  await page.getByLabel('Profile picture').setInputFiles({ name: 'not-really.png', mimeType: 'image/png', buffer: Buffer.from('just some text') })
  await expectToast(page, 'Upload Failed', 'Profile picture must be an image (JPG, PNG, WebP, GIF or AVIF).', { destructive: true })

  await page.route('**/api/profile', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":"Bio must be less than 500 characters"}' }) : route.fallback(),
  )
  await page.getByRole('button', { name: 'Edit Profile' }).click()
  await page.getByLabel('Bio').fill('Hello')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expectToast(page, 'Update Failed', 'Bio must be less than 500 characters', { destructive: true })
})

test("another member's profile has no editing; unknown members are 'User Not Found'", async ({ page }) => {
  const request = await freshRequest()
  const other = await registerViaApi(request)
  await request.dispose()
  await registerViaApi(page)
  await open(page, `/profile/${other.id}`)
  await expect(page.getByRole('heading', { level: 1, name: other.username })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0)

  const missing = await page.goto('/profile/999999999')
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'User Not Found' })).toBeVisible()
})
