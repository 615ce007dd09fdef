// Pure display formatting shared by Astro pages, React islands and the CMS.
import { EXCERPT_MAX, WORDS_PER_MINUTE } from './constants'
import { INVALID_TIME_VALUE } from './messages'
import { siteZone } from './site-zone'

// ── Counts ─────────────────────────────────────────────────────────────────────

function oneDecimal(n: number): string {
  return (Math.round(n * 10) / 10).toFixed(1).replace(/\.0$/, '')
}

/** 999 → '999', 1500 → '1.5K', 12000 → '12K', 2500000 → '2.5M'. Thousands from 1000 up. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0'
  if (n < 0) return `-${formatCount(-n)}`
  const whole = Math.floor(n)
  // 999_950 would round to '1000K'; promote it to millions instead.
  if (whole >= 999_950) return `${oneDecimal(whole / 1_000_000)}M`
  if (whole >= 1000) return `${oneDecimal(whole / 1000)}K`
  return String(whole)
}

/** A view count as a card shows it: "1 view", "0 views", "12.3K views". */
export const formatViews = (n: number): string => `${formatCount(n)} ${Number.isFinite(n) && Math.floor(n) === 1 ? 'view' : 'views'}`

/** US dollars: 249.5 → '$249.50'; from 1000 up in K and M like counts: 1497 → '$1.5K', 2_500_000 → '$2.5M'. */
export function formatMoney(dollars: number): string {
  if (!Number.isFinite(dollars)) return '$0.00'
  if (dollars < 0) return `-${formatMoney(-dollars)}`
  const cents = Math.round(dollars * 100)
  return cents >= 100_000 ? `$${formatCount(cents / 100)}` : `$${(cents / 100).toFixed(2)}`
}

/** A percentage with at most one decimal: 12.345 → '12.3%', 50 → '50%'. */
export function formatPercent(percent: number): string {
  if (!Number.isFinite(percent)) return '0%'
  return `${oneDecimal(percent)}%`
}

/** Seconds of watch or reading time, short: 45 → '45s', 754 → '12m', 5400 → '1.5h', 4_500_000 → '1.3Kh'. */
export function formatWatchTime(totalSeconds: number): string {
  const t = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0
  if (t < 60) return `${t}s`
  if (t < 3600) return `${Math.floor(t / 60)}m`
  const hours = t / 3600
  return hours >= 1000 ? `${formatCount(hours)}h` : `${oneDecimal(hours)}h`
}

// ── Durations ──────────────────────────────────────────────────────────────────

const ISO_DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/

/**
 * 'PT4M13S' → 253, 'P1DT2H' → 93600, 'P1W' → 604800 (YouTube writes weeks), 'P0D' → 0; null when
 * not an ISO 8601 duration of weeks/days/hours/min/sec.
 */
export function parseIsoDuration(s: string): number | null {
  const m = ISO_DURATION.exec(s.trim().toUpperCase())
  if (!m) return null
  const [, w, d, h, min, sec] = m
  // 'P', 'PT' and 'P1DT' match the pattern but name no (time) component.
  if (w === undefined && d === undefined && h === undefined && min === undefined && sec === undefined) return null
  if (m[0].includes('T') && h === undefined && min === undefined && sec === undefined) return null
  return Number(w ?? 0) * 604800 + Number(d ?? 0) * 86400 + Number(h ?? 0) * 3600 + Number(min ?? 0) * 60 + Math.floor(Number(sec ?? 0))
}

/** Seconds → 'm:ss', or 'h:mm:ss' from an hour up. */
export function formatSeconds(totalSeconds: number): string {
  const t = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0
  const h = Math.floor(t / 3600)
  const m = Math.floor((t % 3600) / 60)
  const s = String(t % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** 'PT4M13S' → '4:13', 'PT45S' → '0:45', 'PT1H2M3S' → '1:02:03'; invalid → '0:00'. */
export function formatDuration(iso: string | null | undefined): string {
  const seconds = typeof iso === 'string' ? parseIsoDuration(iso) : null
  return formatSeconds(seconds ?? 0)
}

/** Seconds → ISO duration as stored on videos: 253 → 'PT4M13S', 0 → 'PT0S'. */
export function toIsoDuration(totalSeconds: number): string {
  const t = Math.max(0, Math.floor(totalSeconds))
  const h = Math.floor(t / 3600)
  const m = Math.floor((t % 3600) / 60)
  const s = t % 60
  if (t === 0) return 'PT0S'
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`
}

/** What an admin types for a duration: '4:13', '1:02:03', '253' (seconds) or ISO. Null if unreadable. */
export function parseDurationInput(input: string): number | null {
  const s = input.trim()
  if (/^\d+$/.test(s)) return Number(s)
  const clock = /^(?:(\d+):)?([0-5]?\d):([0-5]\d)$/.exec(s)
  if (clock) return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3])
  return parseIsoDuration(s)
}

// ── Dates ──────────────────────────────────────────────────────────────────────

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

export type DateInput = Date | string | number

function toValidDate(date: DateInput): Date {
  const d = date instanceof Date ? date : new Date(date)
  // Same failure as date-fns `format` on a bad date (SPEC §8).
  if (Number.isNaN(d.getTime())) throw new RangeError(INVALID_TIME_VALUE)
  return d
}

/** A calendar day written alone ('2000-05-10': a date of birth): the same day in every zone. */
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

const dayFormats = new Map<string, Intl.DateTimeFormat>()
const timeFormats = new Map<string, Intl.DateTimeFormat>()

function cached(map: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = map.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, ...options })
    map.set(timeZone, f)
  }
  return f
}

const partOf = (parts: Intl.DateTimeFormatPart[], type: string) => parts.find((p) => p.type === type)?.value ?? ''

/**
 * The one date format every page, island and admin screen shows (SPEC: 'MMM dd, yyyy', e.g.
 * 'Nov 24, 2025'), on `timeZone`'s calendar: by default the site's time zone (shared/site-zone.ts:
 * the setting on the server, the page's zone in the browser), so a post published at 8:26 PM in
 * New York reads Nov 24 on the site, in /admin and in every island alike. A bare 'YYYY-MM-DD' (a date of birth) is a calendar
 * day, not an instant: it keeps its day in any zone. Throws RangeError('Invalid time value').
 */
export function formatDate(date: DateInput, timeZone: string = siteZone()): string {
  const day = typeof date === 'string' ? DAY_ONLY.exec(date) : null
  if (day) {
    toValidDate(`${date}T00:00:00Z`)
    return `${MONTHS[Number(day[2]) - 1]} ${day[3]}, ${day[1]}`
  }
  const d = toValidDate(date)
  const parts = cached(dayFormats, timeZone, { year: 'numeric', month: 'short', day: '2-digit' }).formatToParts(d)
  return `${partOf(parts, 'month')} ${partOf(parts, 'day')}, ${partOf(parts, 'year')}`
}

/** A moment with its time, in the same format: 'Nov 24, 2025 at 8:26 PM EST' on `timeZone`'s clock (the site's by default), the zone named. */
export function formatDateTime(date: DateInput, timeZone: string = siteZone()): string {
  const d = toValidDate(date)
  const parts = cached(timeFormats, timeZone, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).formatToParts(d)
  return `${formatDate(d, timeZone)} at ${partOf(parts, 'hour')}:${partOf(parts, 'minute')} ${partOf(parts, 'dayPeriod')} ${partOf(parts, 'timeZoneName')}`
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** 'Just now' (< 1 min, or in the future), 'N minute(s) ago', 'N hour(s) ago', 'Nd ago' (1–6), else formatDate in `timeZone`. */
export function formatRelativeTime(date: DateInput, now: Date = new Date(), timeZone: string = siteZone()): string {
  const d = toValidDate(date)
  const diff = now.getTime() - d.getTime()
  if (diff < MINUTE) return 'Just now'
  if (diff < HOUR) {
    const m = Math.floor(diff / MINUTE)
    return `${m} minute${m === 1 ? '' : 's'} ago`
  }
  if (diff < DAY) {
    const h = Math.floor(diff / HOUR)
    return `${h} hour${h === 1 ? '' : 's'} ago`
  }
  if (diff < 7 * DAY) return `${Math.floor(diff / DAY)}d ago`
  return formatDate(d, timeZone)
}

// ── Text ───────────────────────────────────────────────────────────────────────

// Letters NFKD does not decompose into ASCII.
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i',
}

/** 'Justice & Reform: Café Talks!' → 'justice-reform-cafe-talks'. ASCII letters/digits and single hyphens. */
export function slugify(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => SPECIAL_LETTERS[c] ?? c)
    .replace(/['’‘`]/g, '') // "don't" → "dont", not "don-t"
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** Words in plain text: runs of non-space characters. */
export function wordCount(text: string): number {
  const trimmed = text.trim()
  return trimmed ? trimmed.split(/\s+/).length : 0
}

/** Minutes to read at 200 words a minute, rounded up; at least 1 for any text, 0 for none. */
export function readTimeMinutes(text: string): number {
  const words = wordCount(text)
  return words === 0 ? 0 : Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))
}

/** Markdown/HTML → plain text on one line (for excerpts, meta descriptions). */
export function toPlainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+\.\s+)/gm, '')
    .replace(/(\*\*|__|\*|_|~~|`)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Cuts text to at most `max` characters including the trailing '…' (no word boundary search). */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  return `${text.slice(0, Math.max(0, max - 1)).trimEnd()}…`
}

/**
 * Plain-text summary of at most `max` characters. It ends at the last sentence that fits when that
 * keeps at least half the room (no ellipsis: the sentence is whole); otherwise it is cut at a word
 * boundary and ends in '…'.
 */
export function excerptFrom(text: string, max: number = EXCERPT_MAX): string {
  const plain = toPlainText(text)
  if (plain.length <= max) return plain
  const sentenceEnd = lastSentenceEnd(plain, max)
  if (sentenceEnd >= max / 2) return plain.slice(0, sentenceEnd)
  return wordCutExcerpt(plain, max)
}

/** Titles that end in a full stop without ending the sentence ('Dr. King'). */
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'jr', 'sr', 'rev', 'gen', 'sen', 'rep', 'gov', 'prof', 'vs', 'no', 'mt', 'ft'])

/**
 * Where the last whole sentence within the first `max` characters ends: '.', '!' or '?' (closing
 * quotes included) followed by a space and a capital, a digit or an opening quote; -1 if none.
 * 'U.S. government' and 'Dr. King' do not end one.
 */
function lastSentenceEnd(plain: string, max: number): number {
  let end = -1
  for (const match of plain.matchAll(/(\p{L}*)[.!?]["'”’)]*(?=\s+["'“‘(]?[\p{Lu}\p{N}])/gu)) {
    const at = match.index + match[0].length
    if (at > max) break
    if (match[0].includes('.') && !/[!?]/.test(match[0]) && ABBREVIATIONS.has(match[1]!.toLowerCase())) continue
    end = at
  }
  return end
}

/** The cut at a word boundary within `max` characters, ending in '…' (how every excerpt was cut before sentence ends counted). */
function wordCutExcerpt(plain: string, max: number): string {
  const room = plain.slice(0, Math.max(0, max - 1))
  const lastSpace = room.lastIndexOf(' ')
  // A single very long word has no boundary; cut it rather than return almost nothing.
  const cut = lastSpace > max / 2 ? room.slice(0, lastSpace) : room
  return `${cut.replace(/[\s.,;:!?–—-]+$/, '')}…`
}

/**
 * Whether `excerpt` is what the text derives rather than what the creator wrote: today's derivation,
 * or the word cut stored before sentence ends counted (those posts' excerpts still follow their content).
 */
export function isDerivedExcerpt(excerpt: string, text: string, max: number = EXCERPT_MAX): boolean {
  if (excerpt === excerptFrom(text, max)) return true
  const plain = toPlainText(text)
  return plain.length > max && excerpt === wordCutExcerpt(plain, max)
}

/** Up to two uppercase initials: 'Jane Doe' → 'JD', 'marcus_king' → 'MK', 'alice' → 'A', '' → 'U'. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '')
    .split(/[\s_.-]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
  const first = words[0]
  if (!first) return 'U'
  const last = words.length > 1 ? words[words.length - 1] : undefined
  const letter = (w: string) => (Array.from(w)[0] ?? '').toUpperCase()
  return letter(first) + (last ? letter(last) : '')
}

/** The header avatar shows the username's first letter (fallback 'U'). */
export function avatarLetter(username: string | null | undefined): string {
  const first = Array.from((username ?? '').trim())[0]
  return first ? first.toUpperCase() : 'U'
}
