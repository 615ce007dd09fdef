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

/** A real MP4 made with the project's ffmpeg (3 seconds, 640×360 by default), padded to 8MB so the upload takes a moment. */
function makeClip({ seconds = 3, size = '640x360', name = 'Rally highlights' }: { seconds?: number; size?: string; name?: string } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-upload-'))
  const clip = path.join(dir, `${name} ${randomBytes(3).toString('hex')}.mp4`)
  const raw = path.join(dir, 'raw.mp4')
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${size}:rate=30`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', raw])
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
  const videoPage = page.url()

  // The creator replaces the file: the same page plays the new one (5 seconds) once it is transcoded.
  await open(page, '/admin/content/video-upload')
  await item.getByText('Thumbnail, captions and file').click()
  await item.getByLabel('New file for this video').setInputFiles(makeClip({ seconds: 5, name: 'Rally highlights recut' }))
  await item.getByRole('button', { name: 'Replace file' }).click()
  await expectToast(page, 'File replaced')
  await expect(item).toContainText('Duration 0:05', { timeout: 120_000 })
  await expect(item).toContainText('Ready: streaming in HLS')
  await page.goto(videoPage)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(video).toHaveAttribute('data-stream', 'hls', { timeout: 30_000 })
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => Math.round(v.duration)), { timeout: 20_000 }).toBe(5)
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
  const premium = page.getByRole('switch', { name: 'Premium members only' })
  for (let i = 0; i < 30 && !(await premium.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(premium).toBeFocused()
  await page.keyboard.press('Space')
  await expect(premium).toHaveAttribute('aria-checked', 'true')
  // Without a file, submit is disabled (SPEC §5).
  await expect(page.getByRole('button', { name: 'Upload video' })).toBeDisabled()
})

test('the creator follows the transcode, picks a thumbnail frame and adds captions the viewer can choose in the player', async ({ page }) => {
  test.setTimeout(5 * 60_000)
  // 12 seconds of 720p: four renditions, long enough to see the transcode's progress.
  const clip = makeClip({ seconds: 12, size: '1280x720', name: 'March footage' })
  const other = makeClip({ name: 'Town hall' })
  const title = path.basename(clip, '.mp4')
  await loginViaApi(page, admin().username, admin().password)
  await open(page, '/admin/content/video-upload')

  // The name, size (MB) and title follow the chosen file, and change with it.
  await page.getByLabel('Video file').setInputFiles(other)
  await expect(page.getByLabel('Title')).toHaveValue(path.basename(other, '.mp4'))
  await page.getByLabel('Video file').setInputFiles(clip)
  await expect(page.getByLabel('Title')).toHaveValue(title)
  const megabytes = (fs.statSync(clip).size / 1_000_000).toFixed(1)
  await expect(page.getByTestId('chosen-video')).toHaveText(`${path.basename(clip)} · ${megabytes} MB`)
  await page.getByLabel('Published at').fill('2015-06-02T12:00')
  await page.getByRole('button', { name: 'Upload video' }).click()
  await expectToast(page, 'Video uploaded')

  // The transcode's percent and renditions, then ready.
  const item = page.getByTestId('recent-uploads').getByRole('listitem').filter({ hasText: title })
  const progress = item.getByTestId('transcode-progress')
  await expect(progress).toBeVisible({ timeout: 120_000 })
  await expect(progress).toContainText(/\d+%/)
  await expect(progress).toContainText(/of 4 renditions done/)
  await expect(progress.getByRole('progressbar')).toBeVisible()
  await expect(item).toContainText('Ready: streaming in HLS', { timeout: 180_000 })
  await expect(progress).toHaveCount(0)

  // A frame the transcode saved becomes the thumbnail.
  await item.getByText('Thumbnail, captions and file').click()
  const frames = item.getByRole('list', { name: 'Frames from the video' }).getByRole('button')
  await expect(frames).toHaveCount(4)
  const before = await item.getByTestId('upload-thumbnail').getAttribute('src')
  await frames.nth(2).click()
  await expectToast(page, 'Thumbnail changed')
  await expect(item.getByTestId('upload-thumbnail')).not.toHaveAttribute('src', before ?? '')
  await expect(item.getByTestId('upload-thumbnail')).toHaveAttribute('src', /\?v=/)

  // Captions in English, named for the viewer.
  const vtt = path.join(path.dirname(clip), 'captions.vtt')
  fs.writeFileSync(vtt, 'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nWe marched for justice\n')
  await item.getByLabel('Language').fill('en')
  await item.getByLabel('Name in the player').fill('English')
  await item.getByLabel('WebVTT file').setInputFiles(vtt)
  await item.getByRole('button', { name: 'Add captions' }).click()
  await expectToast(page, 'Captions added')
  await expect(item.getByRole('list', { name: 'Caption tracks' })).toContainText('English (en)')

  // On the page, the player offers the track and loads its cues when the viewer turns it on.
  await item.getByRole('link', { name: title }).click()
  const video = page.locator('video#video-player')
  await expect(video).toHaveAttribute('data-stream', 'hls', { timeout: 30_000 })
  await expect(video).toHaveAttribute('poster', /\?v=/)
  expect(await video.evaluate((v: HTMLVideoElement) => [...v.textTracks].map((t) => `${t.kind}:${t.language}:${t.label}`))).toEqual(['subtitles:en:English'])
  await video.evaluate((v: HTMLVideoElement) => {
    v.textTracks[0]!.mode = 'showing'
  })
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.[0] && (v.textTracks[0].cues[0] as VTTCue).text), { timeout: 15_000 }).toBe('We marched for justice')
})
