import fs from 'node:fs'

/**
 * A live stream's files as its viewers ask for them: hundreds of players ask for the same
 * playlist every second and for each new segment within the same second or two. One read serves
 * them all: the playlist is read again once PLAYLIST_FRESH_MS old (it changes once a segment), a
 * segment once (ffmpeg writes it under a temporary name and renames it, and never reuses a name).
 */
export const PLAYLIST_FRESH_MS = 100
const SEGMENTS_MAX = 64
const SEGMENT_BYTES_MAX = 128 * 1024 * 1024

type Entry = { at: number; bytes: Promise<Buffer | null> }

export function createLiveFileCache({ now = () => Date.now() }: { now?: () => number } = {}) {
  const playlists = new Map<string, Entry>()
  const segments = new Map<string, Entry>()
  let segmentBytes = 0

  const read = (file: string): Promise<Buffer | null> => fs.promises.readFile(file).catch(() => null)

  function playlist(file: string): Promise<Buffer | null> {
    const hit = playlists.get(file)
    const at = now()
    if (hit && at - hit.at < PLAYLIST_FRESH_MS) return hit.bytes
    const bytes = read(file)
    playlists.set(file, { at, bytes })
    if (playlists.size > SEGMENTS_MAX) playlists.delete(playlists.keys().next().value!)
    return bytes
  }

  function segment(file: string): Promise<Buffer | null> {
    const hit = segments.get(file)
    if (hit) {
      // Most recently used last: the Map's order is the eviction order.
      segments.delete(file)
      segments.set(file, hit)
      return hit.bytes
    }
    const bytes = read(file)
    const entry = { at: now(), bytes }
    segments.set(file, entry)
    void bytes.then((buffer) => {
      // A segment not there (yet, or any more) is not remembered: the next request looks again.
      if (!buffer) return void (segments.get(file) === entry && segments.delete(file))
      segmentBytes += buffer.length
      while (segments.size > SEGMENTS_MAX || segmentBytes > SEGMENT_BYTES_MAX) {
        const [oldest, old] = segments.entries().next().value!
        segments.delete(oldest)
        void old.bytes.then((b) => (segmentBytes -= b?.length ?? 0))
        if (oldest === file) break
      }
    })
    return bytes
  }

  return { playlist, segment }
}
