import fs from 'node:fs/promises'
import path from 'node:path'

import type { Payload } from 'payload'
import sharp from 'sharp'

import { ffmpegPath, run } from '../services/video-transcode/binaries'
import { type StillInput, videoStillSvg } from './art/video-still'

// The demo videos' pictures and clips are drawn here at seed time (no network, nothing large in
// git): every video gets its own still under /media/thumbnails, so the site looks like itself
// offline, and every self-hosted one a short clip of that still under /media/videos.

export const CLIP_SECONDS = 6

/**
 * The still as a 960×540 JPEG (a card is at most ~800 CSS px wide; twice the pixels cost the seed
 * twice the time for no visible gain); returns its public URL.
 */
export async function writeVideoStill(dataDir: string, video: StillInput): Promise<string> {
  const dir = path.join(dataDir, 'media', 'thumbnails')
  await fs.mkdir(dir, { recursive: true })
  await sharp(Buffer.from(videoStillSvg(video)), { density: 54 }).jpeg({ quality: 82 }).toFile(path.join(dir, `${video.videoId}.jpg`))
  return `/media/thumbnails/${video.videoId}.jpg`
}

/**
 * A few seconds of the video's own artwork, slowly panning, with a progress line: a real H.264
 * MP4 that plays, seeks and shows what it is. Without ffmpeg (FFMPEG_PATH wrong, an unusual
 * platform) the committed tiny sample clip stands in, so a seed never fails for want of it.
 */
export async function writeDemoClip(payload: Payload, dataDir: string, video: StillInput): Promise<void> {
  const dir = path.join(dataDir, 'media', 'videos')
  await fs.mkdir(dir, { recursive: true })
  const target = path.join(dir, `${video.videoId}.mp4`)
  const frame = path.join(dir, `.${video.videoId}-frame.jpg`)
  try {
    // 10% larger than the picture, so the crop can drift across it.
    await sharp(Buffer.from(videoStillSvg(video, 'Demo clip: the full video plays here once uploaded')), { density: 39.6 })
      .jpeg({ quality: 88 })
      .toFile(frame)
    await run(ffmpegPath(), [
      '-y', '-hide_banner', '-loglevel', 'error',
      '-loop', '1', '-framerate', '12', '-t', String(CLIP_SECONDS), '-i', frame,
      '-f', 'lavfi', '-i', 'color=c=0xfde68a:s=640x6:r=12',
      '-filter_complex', `[0:v]crop=640:360:x='64*t/${CLIP_SECONDS}':y='36*t/${CLIP_SECONDS}'[bg];[bg][1:v]overlay=x='-W+W*t/${CLIP_SECONDS}':y=H-6:shortest=1,format=yuv420p`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-movflags', '+faststart', '-t', String(CLIP_SECONDS),
      target,
    ], { timeoutMs: 60_000 })
  } catch (err) {
    payload.logger.warn({ err, videoId: video.videoId }, 'demo clip not generated; the sample clip stands in')
    await fs.copyFile(new URL('./fixtures/media/sample.mp4', import.meta.url), target)
  } finally {
    await fs.rm(frame, { force: true })
  }
}
