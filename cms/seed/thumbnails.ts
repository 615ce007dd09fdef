import fs from 'node:fs/promises'
import path from 'node:path'

import sharp from 'sharp'

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A 1280×720 poster for a self-hosted video, drawn locally (no network), stored under .data/media. */
export async function manualThumbnail(dataDir: string, videoId: string, title: string): Promise<string> {
  const dir = path.join(dataDir, 'media', 'thumbnails')
  await fs.mkdir(dir, { recursive: true })
  const words = title.split(/\s+/)
  const lines: string[] = []
  for (const word of words) {
    const last = lines.at(-1)
    if (last && (last + ' ' + word).length <= 28) lines[lines.length - 1] = last + ' ' + word
    else lines.push(word)
  }
  const text = lines
    .slice(0, 4)
    .map((line, i) => `<text x="80" y="${300 + i * 72}" font-size="60" font-family="sans-serif" font-weight="700" fill="#fff">${escapeXml(line)}</text>`)
    .join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b0764"/><stop offset="1" stop-color="#b45309"/></linearGradient></defs>
    <rect width="1280" height="720" fill="url(#g)"/>
    <text x="80" y="180" font-size="34" font-family="sans-serif" font-weight="700" fill="#fde68a" letter-spacing="6">EXCLUSIVE</text>
    ${text}</svg>`
  await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toFile(path.join(dir, `${videoId}.jpg`))
  return `/media/thumbnails/${videoId}.jpg`
}

/** The sample clip (fixtures/media/sample.mp4, made by make-sample-mp4.ts) as a self-hosted video's file. */
export async function manualVideoFile(dataDir: string, videoId: string): Promise<string> {
  const dir = path.join(dataDir, 'media', 'videos')
  await fs.mkdir(dir, { recursive: true })
  await fs.copyFile(new URL('./fixtures/media/sample.mp4', import.meta.url), path.join(dir, `${videoId}.mp4`))
  return `/media/videos/${videoId}.mp4`
}
