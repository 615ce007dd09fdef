// Which ffmpeg and ffprobe run, and how: they parse files admins upload, so a maintained build is
// preferred and every run is fenced in. The binaries: FFMPEG_PATH / FFPROBE_PATH when set, else the
// machine's own (Debian's `ffmpeg` package, on PATH: patched with the distribution), else the static
// 2018 builds the npm packages carry (@ffmpeg-installer/*, @ffprobe-installer/*) as the fallback.
// The fences: no shell, a wall-clock timeout (SIGKILL), and an address-space limit through
// util-linux's `prlimit --as` where the machine has it (FFMPEG_MEMORY_MB; Linux).
import { execFile, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)

/** Resolved when first needed, so a machine without the binaries fails the job, not the server's start. */
const installed = (name: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string => (require(name) as { path: string }).path

/** The first executable called `name` in PATH's folders (node_modules/.bin has no ffmpeg), or null. */
export function onPath(name: string, searchPath = process.env.PATH ?? ''): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue
    const file = path.join(dir, name)
    try {
      fs.accessSync(file, fs.constants.X_OK)
      if (fs.statSync(file).isFile()) return file
    } catch {
      /* not here */
    }
  }
  return null
}

const found = new Map<string, string | null>()
/** PATH is looked through once per process and name: the binaries do not move while the server runs. */
const cachedOnPath = (name: string) => {
  if (!found.has(name)) found.set(name, onPath(name))
  return found.get(name) ?? null
}

export const ffmpegPath = (): string => process.env.FFMPEG_PATH || cachedOnPath('ffmpeg') || installed('@ffmpeg-installer/ffmpeg')
export const ffprobePath = (): string => process.env.FFPROBE_PATH || cachedOnPath('ffprobe') || installed('@ffprobe-installer/ffprobe')

/**
 * Input options for every run on an upload: read local files only (a crafted file cannot make
 * ffmpeg open a URL, a device or another file through a playlist or concat list), never stdin.
 */
export const INPUT_GUARD = ['-nostdin', '-protocol_whitelist', 'file,pipe'] as const
export const PROBE_GUARD = ['-protocol_whitelist', 'file,pipe'] as const

/**
 * The demuxer for an original by its extension (the upload checked its magic number): ffmpeg is
 * told the format instead of guessing it, so a file cannot pass for an HLS playlist or a concat list.
 */
export function demuxerFor(file: string): string[] {
  const ext = path.extname(file).slice(1).toLowerCase()
  const demuxer = ({ mp4: 'mov', mov: 'mov', avi: 'avi', wmv: 'asf', flv: 'flv' } as Record<string, string>)[ext]
  return demuxer ? ['-f', demuxer] : []
}

/** The address space one ffmpeg may take (FFMPEG_MEMORY_MB, default 3072; 0 turns the limit off). */
export const memoryLimitBytes = (): number => {
  const mb = Number(process.env.FFMPEG_MEMORY_MB ?? 3072)
  return Number.isFinite(mb) && mb > 0 ? Math.round(mb * 1024 * 1024) : 0
}

/**
 * How long one ffmpeg run on a video may take: TRANSCODE_TIMEOUT_FACTOR (default 10) times the
 * video's length, and at least TRANSCODE_TIMEOUT_MIN_SECONDS (default 300). A run past it is killed.
 */
export function transcodeTimeoutMs(durationSeconds: number): number {
  const factor = Number(process.env.TRANSCODE_TIMEOUT_FACTOR) || 10
  const floor = Number(process.env.TRANSCODE_TIMEOUT_MIN_SECONDS) || 300
  const seconds = Math.max(floor, (Number.isFinite(durationSeconds) ? durationSeconds : 0) * factor)
  return Math.round(seconds * 1000)
}

/** The command line with the memory fence: `prlimit --as=N -- binary …` (prlimit execs it: same pid, same kill). */
export function limitedCommand(binary: string, args: readonly string[], limitBytes = memoryLimitBytes(), prlimit = cachedOnPath('prlimit')): [string, string[]] {
  if (!limitBytes || !prlimit || process.platform !== 'linux') return [binary, [...args]]
  return [prlimit, [`--as=${limitBytes}`, '--', binary, ...args]]
}

export type RunResult<T extends string | Buffer = string> = { stdout: T; stderr: string }
export type RunOptions = { timeoutMs?: number; onSpawn?: (child: ChildProcess) => void; onStdoutLine?: (line: string) => void }

/** A tool failed: the message is its last lines of output (the reason), never a stack. */
export class ToolError extends Error {}

const tail = (text: string, lines = 4) => text.trim().split('\n').slice(-lines).join(' | ').slice(0, 800)
const minutes = (ms: number) => `${Math.round((ms / 60_000) * 10) / 10} minutes`

function runWith<T extends string | Buffer>(binary: string, args: string[], encoding: 'utf8' | 'buffer', { timeoutMs = 6 * 60 * 60_000, onSpawn, onStdoutLine }: RunOptions): Promise<RunResult<T>> {
  const [command, argv] = limitedCommand(binary, args)
  return new Promise((resolve, reject) => {
    const child = execFile(command, argv, { encoding, maxBuffer: 32 * 1024 * 1024, timeout: timeoutMs, killSignal: 'SIGKILL', env: { ...process.env, MALLOC_ARENA_MAX: '4' } }, (error, stdout, stderr) => {
      const errText = Buffer.isBuffer(stderr) ? stderr.toString('utf8') : String(stderr)
      if (error) {
        const timedOut = (error as { killed?: boolean }).killed && (error as { signal?: string }).signal === 'SIGKILL'
        return reject(new ToolError(timedOut ? `${path.basename(binary)} took longer than ${minutes(timeoutMs)} and was stopped` : tail(errText) || error.message))
      }
      resolve({ stdout: stdout as T, stderr: errText })
    })
    onSpawn?.(child)
    if (onStdoutLine && child.stdout) {
      // Line by line as it arrives (ffmpeg's `-progress pipe:1`), besides the buffered whole.
      let pending = ''
      child.stdout.on('data', (chunk: Buffer | string) => {
        pending += chunk.toString()
        const lines = pending.split('\n')
        pending = lines.pop() ?? ''
        for (const line of lines) onStdoutLine(line.trim())
      })
    }
  })
}

/** Runs a binary with arguments (no shell) inside the fences; rejects with its last stderr lines. */
export const run = (binary: string, args: string[], options: RunOptions = {}) => runWith<string>(binary, args, 'utf8', options)
/** The same, for a binary that writes its result (an image) to stdout. */
export const runForBytes = (binary: string, args: string[], options: RunOptions = {}) => runWith<Buffer>(binary, args, 'buffer', options)
