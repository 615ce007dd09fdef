// Uploads: the creator drops a short video into /admin's Video upload
// Panel, watches the progress percent, and once the transcode job is done plays it on its page
// as HLS (hls.js in chromium), marked EXCLUSIVE.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

import { ROOT, runLabel } from '../helpers/test-database'
import { admin, expect, expectToast, loginViaApi, open, test } from './fixtures'

const require = createRequire(import.meta.url)
const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path

/** A real 3-second 640×360 MP4 made with the project's ffmpeg, padded to 8MB so the upload takes a moment. */
function makeClip(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-upload-'))
  const clip = path.join(dir, `Rally highlights ${randomBytes(3).toString('hex')}.mp4`)
  const raw = path.join(dir, 'raw.mp4')
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', raw])
  fs.writeFileSync(clip, Buffer.concat([fs.readFileSync(raw), Buffer.alloc(8 * 1024 * 1024)]))
  return clip
}

test.use({ actionTimeout: 30_000 })

test('an admin uploads a short video with its progress shown, and it plays on its page after transcoding', async ({ page }) => {
  test.setTimeout(4 * 60_000)
  const clip = makeClip()
  const title = path.basename(clip, '.mp4')
  await loginViaApi(page, admin().username, admin().password)
  await open(page, '/admin/content/video-upload')

  const upload = page.getByRole('button', { name: 'Upload video' })
  // Submit is disabled without a file (SPEC §5).
  await expect(upload).toBeDisabled()
  await page.getByLabel('Video file').setInputFiles(clip)
  // The title defaults from the file name without its extension.
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await expect(page.getByLabel('Published at')).not.toHaveValue('')
  // Years ago, so the other specs (run alongside) still see the seed's newest video first.
  await page.getByLabel('Published at').fill('2015-06-01T12:00')
  await page.getByLabel('Description').fill('Made by the browser test.')
  await expect(upload).toBeEnabled()

  // A slow uplink (4 MB/s), so the progress percent is there to see.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 4 * 1024 * 1024 })
  await upload.click()
  const progress = page.getByTestId('upload-progress')
  await expect(progress).toBeVisible()
  await expect(progress.getByRole('progressbar')).toBeVisible()
  await expect(progress).toContainText(/\d+%/)
  await expect(page.getByRole('button', { name: 'Cancel upload' })).toBeVisible()
  await expectToast(page, 'Video uploaded')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })

  // The transcode job runs; the panel follows it.
  const item = page.getByTestId('recent-uploads').getByRole('listitem').filter({ hasText: title })
  await expect(item).toContainText('Ready: streaming in HLS', { timeout: 120_000 })
  await expect(item).toContainText('Duration 0:03')

  await item.getByRole('link', { name: title }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Video badges' }).first().getByRole('listitem')).toHaveText(['EXCLUSIVE'])
  const video = page.locator('video#video-player')
  // hls.js (chromium has no native HLS) takes over the element and plays the stream.
  await expect(video).toHaveAttribute('data-stream', 'hls', { timeout: 30_000 })
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true
    return v.play()
  })
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5)
  expect(await video.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(3)
})

/** The e2e server's tus store (tests/helpers/test-server.ts: DATA_DIR): partial uploads and their .json info. */
const tusStore = path.join(ROOT, '.data/test', `${runLabel('e2e')}-files`, 'media/.uploads/tus')
const tusFiles = () => (fs.existsSync(tusStore) ? fs.readdirSync(tusStore) : [])

test('cancelling an upload stops it and the server deletes what it had received', async ({ page }) => {
  test.setTimeout(2 * 60_000)
  const clip = makeClip()
  const before = new Set(tusFiles())
  await loginViaApi(page, admin().username, admin().password)
  await open(page, '/admin/content/video-upload')
  await page.getByLabel('Video file').setInputFiles(clip)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  // 512 KB/s: the 8MB file takes long enough to cancel halfway.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 512 * 1024 })
  await page.getByRole('button', { name: 'Upload video' }).click()
  await expect(page.getByTestId('upload-progress')).toBeVisible()
  await expect.poll(() => tusFiles().filter((f) => !before.has(f)).length, { timeout: 20_000 }).toBeGreaterThan(0)
  await page.getByRole('button', { name: 'Cancel upload' }).click()
  await expectToast(page, 'Upload cancelled')
  await expect(page.getByTestId('upload-progress')).toHaveCount(0)
  // The file stays chosen: the admin can start again.
  await expect(page.getByRole('button', { name: 'Upload video' })).toBeEnabled()
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
  // tus termination (DELETE): nothing of it is left on the server.
  await expect.poll(() => tusFiles().filter((f) => !before.has(f)), { timeout: 20_000 }).toEqual([])
})

test('every control of the panel is labelled and reachable from the keyboard', async ({ page }) => {
  await loginViaApi(page, admin().username, admin().password)
  await open(page, '/admin/content/video-upload')
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Upload a video' }) })
  const controls = form.locator('input:not([aria-hidden="true"]), textarea, button')
  for (let i = 0; i < (await controls.count()); i++) {
    const control = controls.nth(i)
    await expect(control, await control.evaluate((el) => el.outerHTML.slice(0, 120))).toHaveAccessibleName(/\S/)
  }
  // Tab from the file picker through the form (the date field has a stop per part): the switches are reached and toggle with Space.
  await page.getByLabel('Video file').focus()
  const premium = page.getByRole('switch', { name: 'Premium only (isPremium)' })
  for (let i = 0; i < 30 && !(await premium.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(premium).toBeFocused()
  await page.keyboard.press('Space')
  await expect(premium).toHaveAttribute('aria-checked', 'true')
  // Without a file, submit is disabled (SPEC §5).
  await expect(page.getByRole('button', { name: 'Upload video' })).toBeDisabled()
})
