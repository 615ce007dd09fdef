import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { demuxerFor, ffmpegPath, INPUT_GUARD, run, runForBytes, transcodeTimeoutMs } from './binaries'
import { ladderFor, masterPlaylist, rungSize, type SubtitleEntry } from './ladder'
import { ladderPercent, progressSeconds } from './progress'
import type { ProbedVideo } from './probe'

/** Segment length in seconds; keyframes are forced on that grid so every rendition switches cleanly. */
const SEGMENT_SECONDS = 4

/** Where a transcode stands, as it goes: the percent over the ladder and the renditions finished. */
export type OnLadderProgress = (progress: { percent: number; renditionsDone: number; renditionsTotal: number }) => void

type HlsOptions = { onProgress?: OnLadderProgress; subtitles?: readonly SubtitleEntry[] }

/**
 * Writes the HLS rendition of `source` into `outDir`: one H.264/AAC VOD playlist per rung
 * (`{rung}/index.m3u8` + `{rung}/seg-000.ts`…) and `master.m3u8` (with the video's caption tracks).
 * One ffmpeg run per rung keeps each simple and its failure readable; the caller publishes
 * `outDir` only when all succeeded. ffmpeg's `-progress` reports the media time written, which
 * against the probed duration gives the percent.
 */
export async function transcodeToHls(source: string, probed: ProbedVideo, outDir: string, { onProgress, subtitles = [] }: HlsOptions = {}): Promise<{ renditions: string[] }> {
  // An ffmpeg left running by a server killed mid-transcode would still be writing here.
  await stopLeftover(outDir)
  await fs.promises.rm(outDir, { recursive: true, force: true })
  await fs.promises.mkdir(outDir, { recursive: true })
  const entries = []
  const rungs = ladderFor(probed.width, probed.height)
  const weights = rungs.map((rung) => {
    const size = rungSize(rung, probed.width, probed.height)
    return size.width * size.height
  })
  const report = (done: number, fraction: number) => onProgress?.({ percent: ladderPercent(weights, done, fraction), renditionsDone: done, renditionsTotal: rungs.length })
  report(0, 0)
  for (const [index, rung] of rungs.entries()) {
    const size = rungSize(rung, probed.width, probed.height)
    const dir = path.join(outDir, rung.name)
    await fs.promises.mkdir(dir)
    const audio = probed.hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '2'] : ['-an']
    await run(ffmpegPath(), [
      '-hide_banner', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1', '-y',
      ...INPUT_GUARD, ...demuxerFor(source), '-i', source,
      '-map', '0:v:0', ...audio,
      '-vf', `scale=${size.width}:${size.height}`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
      '-b:v', `${rung.videoKbps}k`, '-maxrate', `${Math.round(rung.videoKbps * 1.07)}k`, '-bufsize', `${rung.videoKbps * 2}k`,
      '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0',
      '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod',
      '-hls_segment_filename', path.join(dir, 'seg-%03d.ts'),
      path.join(dir, 'index.m3u8'),
    ], {
      timeoutMs: transcodeTimeoutMs(probed.durationSeconds),
      onSpawn: (child) => remember(outDir, child),
      onStdoutLine: (line) => {
        const seconds = progressSeconds(line)
        if (seconds !== null) report(index, seconds / probed.durationSeconds)
      },
    })
    entries.push({ rung, ...size, hasAudio: probed.hasAudio })
    report(index + 1, 0)
  }
  await fs.promises.rm(pidFile(outDir), { force: true })
  await fs.promises.writeFile(path.join(outDir, 'master.m3u8'), masterPlaylist(entries, subtitles))
  return { renditions: entries.map((e) => e.rung.name) }
}

/** A JPEG still from a second in (or the middle of a very short video), at most 1280 wide. */
export async function extractPoster(source: string, probed: ProbedVideo): Promise<Buffer> {
  return extractFrame(source, Math.min(1, probed.durationSeconds / 2))
}

/** How many stills a transcode keeps for the creator to pick a thumbnail from. */
export const FRAME_COUNT = 4

/** The times of the stills: spread over the video (1/8, 3/8, 5/8 and 7/8 of the way for four). */
export const frameTimes = (durationSeconds: number, count = FRAME_COUNT): number[] =>
  Array.from({ length: count }, (_, i) => Math.round(((durationSeconds * (2 * i + 1)) / (2 * count)) * 100) / 100)

/** The stills at `frameTimes`, as JPEG bytes. */
export async function extractFrames(source: string, probed: ProbedVideo): Promise<{ at: number; bytes: Buffer }[]> {
  const frames = []
  for (const at of frameTimes(probed.durationSeconds)) frames.push({ at, bytes: await extractFrame(source, at) })
  return frames
}

async function extractFrame(source: string, at: number): Promise<Buffer> {
  const args = ['-hide_banner', '-loglevel', 'error', ...INPUT_GUARD, '-ss', at.toFixed(2), ...demuxerFor(source), '-i', source, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-f', 'image2', '-c:v', 'mjpeg', '-q:v', '3', 'pipe:1']
  const { stdout } = await runForBytes(ffmpegPath(), args, { timeoutMs: 120_000 })
  if (stdout.length === 0) throw new Error('ffmpeg made no poster')
  return stdout
}

/** Where the pid of the ffmpeg writing into `outDir` is kept: beside it, so removing the folder keeps it. */
const pidFile = (outDir: string) => `${outDir}.pid`

function remember(outDir: string, child: ChildProcess) {
  if (child.pid) fs.writeFileSync(pidFile(outDir), String(child.pid))
}

/**
 * Kills the ffmpeg a crashed server left writing into `outDir` (a child outlives a SIGKILLed parent):
 * only a live process whose command line names that folder (Linux's /proc; elsewhere nothing to check).
 */
async function stopLeftover(outDir: string) {
  const pid = Number(await fs.promises.readFile(pidFile(outDir), 'utf8').catch(() => ''))
  if (!Number.isSafeInteger(pid) || pid <= 1 || pid === process.pid) return
  const cmdline = await fs.promises.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
  if (!cmdline.includes(outDir)) return
  try {
    process.kill(pid, 'SIGKILL')
  } catch {
    /* gone meanwhile */
  }
  await fs.promises.rm(pidFile(outDir), { force: true })
}
