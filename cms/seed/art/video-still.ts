import { type Ink, type MotifName, placeMotif } from './motifs'

/**
 * A demo video's still, the way a channel's thumbnails look: the topic's colours, a pictogram for
 * what the video is about and its title in large type, with variations drawn from the video id so
 * no two tiles are alike. The bottom-right corner stays clear: the site lays the duration there.
 */
export type StillInput = { videoId: string; title: string; category?: string }

type Palette = { from: string; to: string; label: string } & Ink

const PALETTES: Record<string, Palette[]> = {
  headlines: [
    { from: '#7f1d1d', to: '#1e1b4b', label: 'HEADLINES', ink: '#1e1b4b', light: '#fee2e2', accent: '#f87171' },
    { from: '#991b1b', to: '#431407', label: 'HEADLINES', ink: '#431407', light: '#fef2f2', accent: '#fbbf24' },
  ],
  'world-news': [
    { from: '#0c4a6e', to: '#1e3a8a', label: 'WORLD NEWS', ink: '#0c4a6e', light: '#e0f2fe', accent: '#38bdf8' },
    { from: '#134e4a', to: '#0c4a6e', label: 'WORLD NEWS', ink: '#134e4a', light: '#ccfbf1', accent: '#fbbf24' },
  ],
  community: [
    { from: '#14532d', to: '#064e3b', label: 'COMMUNITY', ink: '#14532d', light: '#dcfce7', accent: '#fbbf24' },
    { from: '#365314', to: '#14532d', label: 'COMMUNITY', ink: '#365314', light: '#ecfccb', accent: '#fb923c' },
  ],
  justice: [
    { from: '#3b0764', to: '#581c87', label: 'JUSTICE', ink: '#3b0764', light: '#f3e8ff', accent: '#f59e0b' },
    { from: '#1e1b4b', to: '#4c1d95', label: 'JUSTICE', ink: '#1e1b4b', light: '#ede9fe', accent: '#fcd34d' },
  ],
  commentary: [
    { from: '#7c2d12', to: '#431407', label: 'COMMENTARY', ink: '#431407', light: '#ffedd5', accent: '#fdba74' },
    { from: '#78350f', to: '#3b0764', label: 'COMMENTARY', ink: '#3b0764', light: '#fef3c7', accent: '#f472b6' },
  ],
}
const FALLBACK = PALETTES.justice!

// First match wins: what the title says the video is about.
const SUBJECTS: [RegExp, MotifName][] = [
  [/town hall|q&a|reflections|talk|conversation|interview|therapy|mental/i, 'speech'],
  [/vote|voting|election|ballot/i, 'ballot'],
  [/health|blood pressure/i, 'heart'],
  [/police|stop data|spreadsheet|data/i, 'chart'],
  [/oversight|rights|traffic stop/i, 'shield'],
  [/redlining|housing|tenant/i, 'house'],
  [/bus boycott|montgomery/i, 'bus'],
  [/school|teach|lecture|history|harlem|literacy/i, 'books'],
  [/business|wall street|owners/i, 'store'],
  [/garden|harvest/i, 'plant'],
  [/behind the scenes|footage|pictures|diary|shorts/i, 'camera'],
  [/march|walk|caravan|sit-in/i, 'megaphone'],
  [/remittance|money/i, 'phone'],
  [/poetry|carnival|culture|pride|juneteenth|joy/i, 'star'],
  [/world|diaspora|accra|afro|coast|london/i, 'globe'],
  [/roundup|headlines|briefing/i, 'microphone'],
  [/mutual aid|block|community/i, 'people'],
]
const BY_CATEGORY: Record<string, MotifName> = { headlines: 'microphone', 'world-news': 'globe', community: 'people', justice: 'scales', commentary: 'speech' }

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A small stable number from the id (FNV-1a), for the variations. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** Words into lines of at most `width` characters, at most `max` lines (the last one ellipsed). */
export function wrap(text: string, width: number, max: number): string[] {
  const lines: string[] = []
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1)
    if (last !== undefined && (last + ' ' + word).length <= width) lines[lines.length - 1] = `${last} ${word}`
    else lines.push(word)
  }
  if (lines.length <= max) return lines
  return [...lines.slice(0, max - 1), `${lines[max - 1]}…`]
}

export const motifFor = ({ title, category }: StillInput): MotifName =>
  SUBJECTS.find(([pattern]) => pattern.test(title))?.[1] ?? BY_CATEGORY[category ?? ''] ?? 'star'

/** The still as SVG markup, 1280×720. `caption` adds a line under the title (the demo clip's frame). */
export function videoStillSvg(video: StillInput, caption?: string): string {
  const h = hash(video.videoId)
  const options = PALETTES[video.category ?? ''] ?? FALLBACK
  const palette = options[h % options.length]!
  // The title's lead-in ('EXCLUSIVE:', 'Quick Take:') is a badge on the site already; the still keeps the subject.
  const title = video.title.replace(/^(EXCLUSIVE|Uncut|Shorts|Quick Take)\s*[:—-]?\s*/i, '')
  const lines = wrap(title, 18, 4)
  const size = lines.length > 3 ? 56 : 66
  // The title sits low on the left with the topic's pill under it: the site lays its own badges
  // over the top-left corner and the duration over the bottom-right one.
  const bottom = 548
  const top = bottom - lines.length * size * 1.1
  const text = lines
    .map((line, i) => `<text x="72" y="${Math.round(top + (i + 1) * size * 1.1 - size * 0.18)}" font-size="${size}" font-family="sans-serif" font-weight="800" fill="#ffffff">${escapeXml(line)}</text>`)
    .join('')
  const ringX = 760 + (h % 7) * 60
  const ringY = 80 + ((h >> 3) % 5) * 90
  const tilt = ((h >> 6) % 13) - 6
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="${(h >> 9) % 2}"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="0.7" stop-color="#000" stop-opacity="0"/></linearGradient></defs>
    <rect width="1280" height="720" fill="url(#bg)"/>
    <circle cx="${ringX}" cy="${ringY}" r="260" fill="${palette.accent}" opacity="0.16"/>
    <circle cx="${ringX + 140}" cy="${ringY + 360}" r="170" fill="none" stroke="${palette.light}" stroke-width="3" opacity="0.25"/>
    <g transform="rotate(${tilt} 1000 330)">${placeMotif(motifFor(video), palette, 780, 110, 440)}</g>
    <rect width="1280" height="720" fill="url(#shade)"/>
    ${text}
    <rect x="72" y="${bottom + 22}" width="${palette.label.length * 23 + 44}" height="48" rx="24" fill="${palette.accent}"/>
    <text x="92" y="${bottom + 55}" font-size="26" font-family="sans-serif" font-weight="800" letter-spacing="3" fill="${palette.ink}">${palette.label}</text>
    ${caption ? `<text x="72" y="${bottom + 128}" font-size="28" font-family="sans-serif" font-weight="600" fill="#ffffff" opacity="0.85">${escapeXml(caption)}</text>` : ''}
  </svg>`
}
