// The HLS ladder: the renditions made for a source, never above its own resolution.

export type Rung = { name: string; height: number; videoKbps: number; audioKbps: number }

/** 240p…1080p, H.264 + AAC, bitrates in the usual range for each height at 30 fps. */
export const LADDER: readonly Rung[] = [
  { name: '240p', height: 240, videoKbps: 400, audioKbps: 64 },
  { name: '360p', height: 360, videoKbps: 800, audioKbps: 96 },
  { name: '480p', height: 480, videoKbps: 1400, audioKbps: 128 },
  { name: '720p', height: 720, videoKbps: 2800, audioKbps: 128 },
  { name: '1080p', height: 1080, videoKbps: 5000, audioKbps: 160 },
]

/**
 * The rungs for a source `sourceHeight` pixels tall: every rung up to it; a source below 240p
 * gets one rendition at its own (even) height. A portrait source is judged by its shorter side.
 */
export function ladderFor(width: number, height: number): Rung[] {
  const side = Math.min(width, height) || height
  const rungs = LADDER.filter((rung) => rung.height <= side)
  if (rungs.length) return rungs
  const even = Math.max(2, side - (side % 2))
  return [{ ...LADDER[0]!, name: `${even}p`, height: even }]
}

/** The output size of a rung for a source: its height (shorter side) and the width kept in proportion, both even. */
export function rungSize(rung: Rung, width: number, height: number): { width: number; height: number } {
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2)
  if (width >= height) return { width: even((width * rung.height) / height), height: rung.height }
  return { width: rung.height, height: even((height * rung.height) / width) }
}

/** A caption track as the master playlist names it: its language, label and subtitles playlist (relative to the master). */
export type SubtitleEntry = { language: string; label: string; uri: string }

const SUBTITLES_GROUP = 'subs'
const quoted = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`

/** The #EXT-X-MEDIA lines of the caption tracks (RFC 8216 §4.3.4.1): none default, each selectable. */
function subtitleLines(subtitles: readonly SubtitleEntry[]): string[] {
  return subtitles.map(
    (s) => `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${SUBTITLES_GROUP}",NAME=${quoted(s.label)},LANGUAGE=${quoted(s.language)},DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI=${quoted(s.uri)}`,
  )
}

/** The master playlist naming each rendition's own playlist (`{name}/index.m3u8`), and the caption tracks. */
export function masterPlaylist(entries: { rung: Rung; width: number; height: number; hasAudio: boolean }[], subtitles: readonly SubtitleEntry[] = []): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3']
  const variants: string[] = []
  for (const { rung, width, height, hasAudio } of entries) {
    const bandwidth = (rung.videoKbps + (hasAudio ? rung.audioKbps : 0)) * 1000
    variants.push(`#EXT-X-STREAM-INF:BANDWIDTH=${Math.round(bandwidth * 1.1)},AVERAGE-BANDWIDTH=${bandwidth},RESOLUTION=${width}x${height}`)
    variants.push(`${rung.name}/index.m3u8`)
  }
  return withSubtitles([...lines, ...variants].join('\n') + '\n', subtitles)
}

/** The same master playlist with exactly these caption tracks (those it had are replaced). */
export function withSubtitles(master: string, subtitles: readonly SubtitleEntry[]): string {
  const kept = master
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES'))
    .map((line) => (line.startsWith('#EXT-X-STREAM-INF:') ? line.replace(/,SUBTITLES="[^"]*"/, '') + (subtitles.length ? `,SUBTITLES="${SUBTITLES_GROUP}"` : '') : line))
  const firstVariant = kept.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:'))
  const at = firstVariant === -1 ? kept.length : firstVariant
  return [...kept.slice(0, at), ...subtitleLines(subtitles), ...kept.slice(at)].join('\n') + '\n'
}

/** The subtitles playlist of one WebVTT file: the whole video as one segment. */
export function subtitlesPlaylist(vttUri: string, durationSeconds: number): string {
  const duration = Math.max(1, Math.ceil(durationSeconds))
  return ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${duration}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', `#EXTINF:${duration.toFixed(3)},`, vttUri, '#EXT-X-ENDLIST'].join('\n') + '\n'
}
