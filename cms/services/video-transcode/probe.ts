import { demuxerFor, ffprobePath, PROBE_GUARD, run, ToolError } from './binaries'

export type ProbedVideo = { durationSeconds: number; width: number; height: number; hasAudio: boolean }

type FfprobeOutput = {
  streams?: { codec_type?: string; width?: number; height?: number; duration?: string; tags?: { rotate?: string }; side_data_list?: { rotation?: number }[] }[]
  format?: { duration?: string }
}

/** The real duration, picture size (as displayed: a 90° rotation swaps it) and whether there is sound. */
export async function probeVideo(file: string): Promise<ProbedVideo> {
  const { stdout } = await run(ffprobePath(), ['-v', 'error', ...PROBE_GUARD, ...demuxerFor(file), '-print_format', 'json', '-show_format', '-show_streams', file], { timeoutMs: 60_000 })
  let parsed: FfprobeOutput
  try {
    parsed = JSON.parse(stdout) as FfprobeOutput
  } catch {
    throw new ToolError('ffprobe gave no readable answer')
  }
  const video = parsed.streams?.find((s) => s.codec_type === 'video' && s.width && s.height)
  if (!video) throw new ToolError('The file has no video stream')
  const rotation = Math.abs(Number(video.tags?.rotate ?? video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0)) % 180
  const [width, height] = rotation === 90 ? [video.height!, video.width!] : [video.width!, video.height!]
  const durationSeconds = Number(parsed.format?.duration ?? video.duration)
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) throw new ToolError('The file has no readable duration')
  return { durationSeconds, width, height, hasAudio: Boolean(parsed.streams?.some((s) => s.codec_type === 'audio')) }
}
