import { spawn, type ChildProcess } from 'node:child_process'

import { ffmpegPath } from '../../cms/services/video-transcode/binaries'

/** The burned-in clock counts milliseconds modulo this (drawtext prints 32-bit integers). */
export const CLOCK_MODULO_MS = 100_000_000

export type RtmpPublisher = {
  /** Resolves when ffmpeg has exited (its code; null when killed). */
  exited: Promise<number | null>
  /** What ffmpeg printed last (why a publish was refused or failed). */
  output: () => string
  /** Stops publishing the way OBS's Stop Streaming does (ffmpeg closes the connection). */
  stop: () => Promise<void>
  /** Cuts the connection without a goodbye (a crash, a network drop). */
  kill: () => Promise<void>
}

export type PublishOptions = {
  /** 640x360 unless given. */
  size?: string
  /** Frames per second (30); a keyframe every second, as OBS's low-latency setting. */
  rate?: number
  /** Stop by itself after this many seconds. */
  seconds?: number
  /**
   * Burns the wall-clock time each frame was sent into the picture (ms since the epoch modulo
   * CLOCK_MODULO_MS: `-re` paces frames in real time from the start) and sends the start as the
   * `publishedAt` metadata, so a player's latency can be read off a frame later.
   */
  clock?: boolean
}

/**
 * Publishes a test picture and tone to `rtmp://127.0.0.1:{port}/{app}/{key}` as OBS would (H.264
 * zero-latency, AAC, FLV over RTMP), in real time, until stopped.
 */
export function startRtmpPublisher(port: number, key: string, { size = '640x360', rate = 30, seconds, clock = false, app = 'live' }: PublishOptions & { app?: string } = {}): RtmpPublisher {
  const [, height = '360'] = size.split('x')
  const startedAt = Date.now()
  // drawtext's eif prints an int: the epoch ms are taken modulo 1e8 (about 27 hours) to fit.
  const draw = clock ? `,drawtext=text='%{eif\\:${startedAt % CLOCK_MODULO_MS}+t*1000\\:d}':fontsize=${Math.round(Number(height) / 10)}:fontcolor=white:box=1:boxcolor=black:x=10:y=10` : ''
  const args = [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    '-re', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}${draw}`,
    '-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    ...(seconds ? ['-t', String(seconds)] : []),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', String(rate), '-keyint_min', String(rate),
    '-c:a', 'aac', '-b:a', '96k',
    ...(clock ? ['-metadata', `publishedAt=${startedAt}`] : []),
    '-f', 'flv', `rtmp://127.0.0.1:${port}/${app}/${key}`,
  ]
  const child: ChildProcess = spawn(ffmpegPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000)))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
  }
  return { exited, output: () => output, stop: () => end('SIGINT'), kill: () => end('SIGKILL') }
}
