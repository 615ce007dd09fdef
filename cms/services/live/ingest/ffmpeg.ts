// The ffmpeg behind one publish: FLV on stdin, copied (never re-encoded: no CPU per viewer or per
// stream) into the stream's low-latency HLS playlist and into this publish's recording.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { ffmpegPath, INPUT_GUARD, limitedCommand } from '../../video-transcode/binaries'
import { PLAYLIST_NAME, SEGMENT_TEMPLATE } from './paths'

/** Segment length (s): ffmpeg cuts at the next keyframe, so OBS's keyframe interval of 1 s gives 1 s segments. */
export const LIVE_SEGMENT_SECONDS = 1
/** Segments in the playlist: a player joins about three segments behind the newest. */
export const LIVE_PLAYLIST_SIZE = 6

/**
 * The arguments of one publish's ffmpeg. A reconnect (`appending`) writes into the same playlist:
 * `append_list` continues its numbering and `discont_start` marks the join, so players keep playing across it.
 * `omit_endlist` keeps the playlist live between publishes (the grace period); the end of the
 * stream writes #EXT-X-ENDLIST itself (finishPlaylist).
 */
export function liveFfmpegArgs(dir: string, recordingFile: string, appending: boolean): string[] {
  return [
    '-hide_banner', '-loglevel', 'error',
    ...INPUT_GUARD,
    // Demuxer named: the bytes are FLV the ingest wrote itself from the RTMP messages.
    '-f', 'flv', '-i', 'pipe:0',
    '-map', '0:v?', '-map', '0:a?', '-c', 'copy',
    '-f', 'hls',
    '-hls_time', String(LIVE_SEGMENT_SECONDS),
    '-hls_list_size', String(LIVE_PLAYLIST_SIZE),
    '-hls_flags', `delete_segments+append_list${appending ? '+discont_start' : ''}+omit_endlist+program_date_time+independent_segments+temp_file`,
    '-hls_segment_type', 'mpegts',
    '-hls_segment_filename', path.join(dir, SEGMENT_TEMPLATE),
    path.join(dir, PLAYLIST_NAME),
    '-map', '0:v?', '-map', '0:a?', '-c', 'copy',
    '-f', 'mpegts', recordingFile,
  ]
}

/** Starts the ffmpeg of a publish (memory-fenced like every other run, no shell). */
export function startLiveFfmpeg(dir: string, recordingFile: string, appending: boolean): ChildProcess {
  const [command, argv] = limitedCommand(ffmpegPath(), liveFfmpegArgs(dir, recordingFile, appending))
  return spawn(command, argv, { stdio: ['pipe', 'ignore', 'pipe'], env: { ...process.env, MALLOC_ARENA_MAX: '2' } })
}

/** The playlist says the stream is over: players stop at its last segment instead of waiting. */
export async function finishPlaylist(file: string): Promise<void> {
  const text = await fs.promises.readFile(file, 'utf8').catch(() => null)
  if (text === null || text.includes('#EXT-X-ENDLIST')) return
  const temp = `${file}.end.tmp`
  await fs.promises.writeFile(temp, `${text.replace(/\s*$/, '\n')}#EXT-X-ENDLIST\n`)
  await fs.promises.rename(temp, file)
}
