// One RTMP connection: node-media-server's protocol layer parses it; this decides whether it may
// publish (the stream key), and pipes what it sends into the stream's ffmpeg.
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import type net from 'node:net'
import path from 'node:path'

import type AVPacket from 'node-media-server/src/core/avpacket.js'
import Rtmp from 'node-media-server/src/protocol/rtmp.js'
import type { Payload } from 'payload'

import { cancelGraceTimer, scheduleGraceEnd } from '../grace'
import { acquirePublishLock } from '../publish-lock'
import { finishPlaylist, startLiveFfmpeg } from './ffmpeg'
import { flvHeader, flvTagOf, PACKET } from './flv'
import { playlistFile, RECORDING_PART, recordingDir, recordingPartName, streamDir } from './paths'
import { currentStatus, findPublishTarget, markPublishEnded, markPublishStarted, type PublishTarget } from './publish'

/** A connection that has not published a valid key by then is closed. */
const PUBLISH_WITHIN_MS = 15_000
/** A publisher sends many messages a second; a silent connection is a dead one (its lock must go). */
const IDLE_MS = 15_000
/** A reconnecting OBS may arrive while its old connection is still being wound up. */
const LOCK_WAIT_MS = 5_000
/** What is held before ffmpeg starts (headers and the first keyframe). */
const MAX_PENDING_BYTES = 16 * 1024 * 1024
/** Without video after this long, the stream is audio only. */
const START_WITHOUT_VIDEO_MS = 3_000
/** How often the publish looks whether an admin ended the stream. */
const STATUS_CHECK_MS = 5_000

export type IngestContext = { payload: Payload }

/** Serves one connection; resolves when it has closed and its publish (if any) has wound up. */
export function handleRtmpConnection(socket: net.Socket, { payload }: IngestContext): Promise<void> {
  const ip = socket.remoteAddress ?? null
  const log = payload.logger
  const rtmp = new Rtmp()
  let state: 'waiting' | 'authorising' | 'publishing' | 'closed' = 'waiting'
  // Read after awaits: the connection may have closed meanwhile.
  const closed = () => state === 'closed'
  let stream: PublishTarget | null = null
  let release: (() => Promise<void>) | null = null
  /** The row says publishing (set once the lock is ours): the end of this connection must undo it. */
  let started = false
  let authorising: Promise<void> = Promise.resolve()
  let ffmpeg: ChildProcess | null = null
  let ffmpegExited: Promise<void> = Promise.resolve()
  let stderrTail = ''
  const pending: Buffer[] = []
  let pendingBytes = 0
  const seen = { audio: false, videoHeader: false, keyframe: false }
  let startTimer: NodeJS.Timeout | undefined
  let statusTimer: NodeJS.Timeout | undefined

  const refuse = (reason: string, level: 'warn' | 'info' = 'warn') => {
    // A security event: who tried (address) and why, never the key.
    log[level]({ event: 'live_publish_refused', ip, reason, streamId: stream?.id ?? null }, 'live publish refused')
    socket.destroy()
  }
  const authTimer = setTimeout(() => state === 'waiting' && refuse('no publish in time', 'info'), PUBLISH_WITHIN_MS)

  socket.setNoDelay(true)
  socket.setTimeout(IDLE_MS, () => socket.destroy())
  rtmp.onOutputCallback = (buffer) => {
    if (!socket.destroyed) socket.write(buffer)
  }
  rtmp.onPlayCallback = () => refuse('playback is not offered over RTMP', 'info')
  rtmp.onConnectCallback = ({ app, name }) => {
    if (state !== 'waiting') return
    state = 'authorising'
    clearTimeout(authTimer)
    authorising = authorise(String(app), String(name)).catch((err: unknown) => {
      log.error({ err, ip }, 'live publish could not start')
      socket.destroy()
    })
  }
  rtmp.onPacketCallback = (packet) => onPacket(packet)

  socket.on('data', (data: Buffer) => {
    if (state === 'closed') return
    const error = rtmp.parserData(data)
    if (error) {
      log.warn({ event: 'live_rtmp_error', ip, error }, 'RTMP stream not understood')
      socket.destroy()
    }
  })
  socket.on('error', () => undefined)
  const wound = new Promise<void>((resolve) =>
    socket.on('close', () => {
      void finish()
        .catch((err: unknown) => log.error({ err, streamId: stream?.id }, 'live publish did not wind up'))
        .finally(resolve)
    }),
  )

  return wound

  async function authorise(app: string, name: string) {
    const target = await findPublishTarget(payload, app, name)
    if (!target) return refuse('wrong or expired stream key')
    stream = target
    release = await acquirePublishLock(payload, target.id, LOCK_WAIT_MS)
    if (!release) return refuse('the stream already has a publisher')
    if (closed()) return
    started = true
    if (!(await markPublishStarted(payload, target))) return refuse('the stream has ended', 'info')
    if (closed()) return
    cancelGraceTimer(target.id)
    state = 'publishing'
    log.info({ event: 'live_publish_started', streamId: target.id, ip }, 'live publish started')
    statusTimer = setInterval(() => void watchStatus(), STATUS_CHECK_MS)
    startTimer = setTimeout(() => startOutput(), START_WITHOUT_VIDEO_MS)
    maybeStart()
  }

  async function watchStatus() {
    if (!stream || state !== 'publishing') return
    const status = await currentStatus(payload, stream.id).catch(() => 'live')
    if (status !== 'live') {
      log.info({ event: 'live_publish_stopped', streamId: stream.id, status }, 'stream ended by an admin: publisher disconnected')
      socket.destroy()
    }
  }

  function onPacket(packet: AVPacket) {
    if (state === 'closed') return
    if (packet.flags === PACKET.audioHeader || packet.flags === PACKET.audio) seen.audio = true
    if (packet.flags === PACKET.videoHeader) seen.videoHeader = true
    if (packet.flags === PACKET.keyframe) seen.keyframe = true
    const tag = flvTagOf(packet)
    if (ffmpeg) return write(tag)
    pending.push(tag)
    pendingBytes += tag.length
    if (pendingBytes > MAX_PENDING_BYTES) return refuse('no playable video arrived')
    maybeStart()
  }

  function maybeStart() {
    if (state === 'publishing' && !ffmpeg && (seen.keyframe || (seen.audio && !seen.videoHeader && pending.length > 100))) startOutput()
  }

  function startOutput() {
    if (state !== 'publishing' || ffmpeg || !stream) return
    clearTimeout(startTimer)
    const dir = streamDir(stream.id)
    fs.mkdirSync(recordingDir(stream.id), { recursive: true })
    const parts = fs.readdirSync(recordingDir(stream.id)).filter((name) => RECORDING_PART.test(name))
    const recording = path.join(recordingDir(stream.id), recordingPartName(parts.length + 1))
    const child = startLiveFfmpeg(dir, recording, fs.existsSync(playlistFile(stream.id)))
    ffmpeg = child
    ffmpegExited = new Promise((resolve) => child.once('close', () => resolve()))
    child.stderr?.on('data', (chunk: Buffer) => (stderrTail = (stderrTail + chunk.toString('utf8')).slice(-2000)))
    child.once('close', (code) => {
      if (state === 'publishing') {
        log.error({ event: 'live_ffmpeg_failed', streamId: stream?.id, code, reason: stderrTail.trim().split('\n').slice(-4).join(' | ') }, 'live ffmpeg stopped')
        socket.destroy()
      }
    })
    child.stdin?.on('error', () => undefined)
    write(flvHeader(seen.audio, seen.videoHeader))
    for (const tag of pending.splice(0)) write(tag)
    pendingBytes = 0
  }

  function write(bytes: Buffer) {
    const stdin = ffmpeg?.stdin
    if (!stdin || stdin.destroyed) return
    // ffmpeg falling behind slows the publisher down (TCP) rather than filling memory.
    if (!stdin.write(bytes) && !socket.isPaused()) {
      socket.pause()
      stdin.once('drain', () => socket.resume())
    }
  }

  async function finish() {
    if (state === 'closed') return
    state = 'closed'
    clearTimeout(authTimer)
    clearTimeout(startTimer)
    clearInterval(statusTimer)
    // A key check still under way settles first: it may hold the lock or have marked the row.
    await authorising
    if (!stream || !release) return
    const streamId = stream.id
    try {
      if (ffmpeg) {
        ffmpeg.stdin?.end()
        // ffmpeg writes its last segment and closes the recording; a stuck one is killed.
        const kill = setTimeout(() => ffmpeg?.kill('SIGKILL'), 10_000)
        await ffmpegExited
        clearTimeout(kill)
      }
      if (!started) return
      const endedAt = new Date()
      await markPublishEnded(payload, streamId, endedAt)
      log.info({ event: 'live_publish_ended', streamId }, 'live publish ended')
      if ((await currentStatus(payload, streamId)) === 'live') await scheduleGraceEnd(payload, streamId, endedAt)
      else await finishPlaylist(playlistFile(streamId))
    } finally {
      await release()
    }
  }
}
