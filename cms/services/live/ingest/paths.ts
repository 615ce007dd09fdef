// Where a live stream's files are: $DATA_DIR/live/{streamId}/ holds the HLS playlist and its
// segments (served by server/live-hls.ts, names checked against the patterns below) and, in
// recording/, one MPEG-TS file per publish (never served; the replay is made from them).
import path from 'node:path'

/** The live folder beside the media folder (DATA_DIR as server/media.ts resolves it). */
export const liveRoot = (): string => path.resolve(process.env.DATA_DIR ?? '.data', 'live')

const safeId = (streamId: number): string => {
  if (!Number.isSafeInteger(streamId) || streamId <= 0) throw new Error('unsafe stream id')
  return String(streamId)
}

export const streamDir = (streamId: number): string => path.join(liveRoot(), safeId(streamId))
export const PLAYLIST_NAME = 'index.m3u8'
export const playlistFile = (streamId: number): string => path.join(streamDir(streamId), PLAYLIST_NAME)
export const recordingDir = (streamId: number): string => path.join(streamDir(streamId), 'recording')

/** ffmpeg's segment names (`seg-%d.ts`, the media sequence number): the only other file served. */
export const SEGMENT_TEMPLATE = 'seg-%d.ts'
export const SEGMENT_NAME = /^seg-\d{1,10}\.ts$/

/** What /live-hls answers for: `{id}/index.m3u8` or `{id}/seg-N.ts`, nothing else. */
export const LIVE_HLS_PATH = /^\/([1-9]\d{0,9})\/(index\.m3u8|seg-\d{1,10}\.ts)$/

export function parseLiveHlsPath(requestPath: string): { streamId: number; file: string; playlist: boolean } | null {
  const match = LIVE_HLS_PATH.exec(requestPath)
  if (!match) return null
  const streamId = Number(match[1])
  if (!Number.isSafeInteger(streamId)) return null
  return { streamId, file: match[2]!, playlist: match[2] === PLAYLIST_NAME }
}

/** A publish's recording: part-001.ts, part-002.ts… in publish order. */
export const recordingPartName = (n: number): string => `part-${String(n).padStart(3, '0')}.ts`
export const RECORDING_PART = /^part-\d{3,}\.ts$/
