// The bench's stand-in for OBS on the creator's own computer: a 720p, 2,500 kbps (the stream
// defaults' bitrate) clip encoded once before anything is measured, then sent over RTMP in real
// time and looped, without encoding, so the camera's encoder does not take CPU from the server
// being measured on the same machine.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { ffmpegPath } from '../../cms/services/video-transcode/binaries'

/** `startedAt`: when the first frame went out (epoch ms), the publisher's own clock for latency. */
export type LoopingPublisher = { startedAt: number; stop: () => Promise<void> }

export function startLoopingPublisher(port: number, key: string, { seconds = 20 }: { seconds?: number } = {}): LoopingPublisher {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-live-'))
  const clip = path.join(dir, 'clip.flv')
  const encode = spawnSync(ffmpegPath(), [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', String(seconds),
    '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '30', '-keyint_min', '30',
    '-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '2500k',
    '-c:a', 'aac', '-b:a', '128k',
    '-f', 'flv', clip,
  ])
  if (encode.status !== 0) throw new Error(`encoding the bench clip failed: ${encode.stderr.toString()}`)
  const startedAt = Date.now()
  const child = spawn(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-stream_loop', '-1', '-i', clip, '-c', 'copy', '-f', 'flv', `rtmp://127.0.0.1:${port}/live/${key}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    startedAt,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
