// ffmpeg and ffprobe come from the project's own install: the npm packages that ship the static
// binaries inside their tarballs (@ffmpeg-installer/*, @ffprobe-installer/*), nothing downloaded at
// install or run time. FFMPEG_PATH / FFPROBE_PATH point elsewhere (a system ffmpeg) when set.
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** Resolved when first needed, so a machine without the binaries fails the job, not the server's start. */
const installed = (name: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string => (require(name) as { path: string }).path

export const ffmpegPath = (): string => process.env.FFMPEG_PATH || installed('@ffmpeg-installer/ffmpeg')
export const ffprobePath = (): string => process.env.FFPROBE_PATH || installed('@ffprobe-installer/ffprobe')

export type RunResult = { stdout: string; stderr: string }

/** A tool failed: the message is its last lines of output (the reason), never a stack. */
export class ToolError extends Error {}

const tail = (text: string, lines = 4) => text.trim().split('\n').slice(-lines).join(' | ').slice(0, 800)

/** Runs a binary with arguments (no shell); rejects with its last stderr lines. */
export function run(binary: string, args: string[], { timeoutMs = 6 * 60 * 60_000 } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { maxBuffer: 16 * 1024 * 1024, timeout: timeoutMs, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      if (error) return reject(new ToolError(tail(stderr) || error.message))
      resolve({ stdout, stderr })
    })
  })
}
