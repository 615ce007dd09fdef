import { describe, expect, it } from 'vitest'
import {
  avatarLetter,
  excerptFrom,
  isDerivedExcerpt,
  formatCount,
  formatViews,
  formatDate,
  formatDateTime,
  formatDuration,
  formatMoney,
  formatPercent,
  formatWatchTime,
  formatRelativeTime,
  initials,
  parseDurationInput,
  parseIsoDuration,
  readTimeMinutes,
  slugify,
  toIsoDuration,
  truncate,
} from './format'

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1500, '1.5K'],
    [12000, '12K'],
    [12345, '12.3K'],
    [999_949, '999.9K'],
    [999_999, '1M'],
    [1_000_000, '1M'],
    [2_500_000, '2.5M'],
    [12_000_000, '12M'],
  ])('%i → %s', (n, text) => {
    expect(formatCount(n)).toBe(text)
  })
})

describe('formatViews', () => {
  it.each([
    [0, '0 views'],
    [1, '1 view'],
    [2, '2 views'],
    [1500, '1.5K views'],
  ])('%i → %s', (n, text) => {
    expect(formatViews(n)).toBe(text)
  })
})

describe('formatMoney (the admin revenue cards: K and M from $1000 up)', () => {
  it.each([
    [0, '$0.00'],
    [4.99, '$4.99'],
    [249.5, '$249.50'],
    [999.99, '$999.99'],
    [1000, '$1K'],
    [1497, '$1.5K'],
    [49_900, '$49.9K'],
    [2_495_000, '$2.5M'],
    [-4.99, '-$4.99'],
    [Number.NaN, '$0.00'],
  ])('%d → %s', (n, text) => {
    expect(formatMoney(n)).toBe(text)
  })
})

describe('formatPercent', () => {
  it.each([
    [0, '0%'],
    [50, '50%'],
    [12.345, '12.3%'],
    [100 / 3, '33.3%'],
    [Number.POSITIVE_INFINITY, '0%'],
  ])('%d → %s', (n, text) => {
    expect(formatPercent(n)).toBe(text)
  })
})

describe('formatWatchTime', () => {
  it.each([
    [0, '0s'],
    [45, '45s'],
    [754, '12m'],
    [5400, '1.5h'],
    [3_600_000, '1K' + 'h'],
    [4_500_000, '1.3Kh'],
    [-5, '0s'],
  ])('%d s → %s', (n, text) => {
    expect(formatWatchTime(n)).toBe(text)
  })
})

describe('durations', () => {
  it.each([
    ['PT4M13S', '4:13'],
    ['PT45S', '0:45'],
    ['PT10M', '10:00'],
    ['PT1H2M3S', '1:02:03'],
    ['PT2H', '2:00:00'],
    ['P1DT1S', '24:00:01'],
    ['', '0:00'],
    ['4:13', '0:00'],
    ['PT', '0:00'],
    ['garbage', '0:00'],
  ])('formatDuration(%j) → %s', (iso, text) => {
    expect(formatDuration(iso)).toBe(text)
  })

  it('parses ISO durations to seconds and rejects non-durations', () => {
    expect(parseIsoDuration('PT4M13S')).toBe(253)
    expect(parseIsoDuration('P')).toBeNull()
    expect(parseIsoDuration('P1DT')).toBeNull()
  })

  it('reads what an admin types and writes it back as ISO', () => {
    expect(parseDurationInput('4:13')).toBe(253)
    expect(parseDurationInput('1:02:03')).toBe(3723)
    expect(parseDurationInput('90')).toBe(90)
    expect(parseDurationInput('4:75')).toBeNull()
    expect(toIsoDuration(253)).toBe('PT4M13S')
    expect(toIsoDuration(3723)).toBe('PT1H2M3S')
    expect(toIsoDuration(0)).toBe('PT0S')
  })
})

describe('formatDate', () => {
  const NY = 'America/New_York'

  it("formats as 'MMM dd, yyyy'", () => {
    expect(formatDate('2025-03-05T10:00:00Z', 'UTC')).toBe('Mar 05, 2025')
    expect(formatDate(new Date('2024-12-31T23:59:59Z'), 'UTC')).toBe('Dec 31, 2024')
  })

  it("reads the day on the given zone's calendar: 8:26 PM in New York on Nov 24 is Nov 24 there, Nov 25 in UTC", () => {
    const published = '2025-11-25T01:26:00.000Z'
    expect(formatDate(published, NY)).toBe('Nov 24, 2025')
    expect(formatDate(new Date(published), NY)).toBe('Nov 24, 2025')
    expect(formatDate(Date.parse(published), NY)).toBe('Nov 24, 2025')
    expect(formatDate(published, 'UTC')).toBe('Nov 25, 2025')
    expect(formatDate(published, 'Asia/Tokyo')).toBe('Nov 25, 2025')
  })

  it('keeps the day of a date-only string (a date of birth) in every zone', () => {
    for (const zone of ['UTC', NY, 'Pacific/Honolulu', 'Pacific/Kiritimati']) expect(formatDate('2000-05-10', zone)).toBe('May 10, 2000')
  })

  it("throws RangeError('Invalid time value') for a bad date", () => {
    expect(() => formatDate('not a date', NY)).toThrow(RangeError)
    expect(() => formatDate(new Date(Number.NaN), NY)).toThrow('Invalid time value')
    expect(() => formatDate('2025-13-01', NY)).toThrow('Invalid time value')
  })
})

describe('formatDateTime', () => {
  it('writes the day in the same format, then the time and the zone', () => {
    expect(formatDateTime('2025-11-25T01:26:00.000Z', 'America/New_York')).toBe('Nov 24, 2025 at 8:26 PM EST')
    expect(formatDateTime('2025-11-25T01:26:00.000Z', 'UTC')).toBe('Nov 25, 2025 at 1:26 AM UTC')
  })
})

describe('formatRelativeTime', () => {
  const now = new Date('2025-03-20T12:00:00Z')
  const ago = (ms: number) => new Date(now.getTime() - ms)
  const MIN = 60_000
  const HOUR = 60 * MIN
  const DAY = 24 * HOUR

  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [MIN, '1 minute ago'],
    [2 * MIN, '2 minutes ago'],
    [59 * MIN + 59_000, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR, '23 hours ago'],
    [DAY, '1d ago'],
    [7 * DAY - 1, '6d ago'],
    [7 * DAY, 'Mar 13, 2025'],
  ])('%i ms ago → %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), now, 'UTC')).toBe(text)
  })

  it('falls back to the date on the given zone\'s calendar', () => {
    expect(formatRelativeTime('2025-03-10T02:00:00Z', now, 'America/New_York')).toBe('Mar 09, 2025')
  })

  it('treats a timestamp slightly in the future (clock skew) as just now', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5000), now, 'UTC')).toBe('Just now')
  })

  it('fails like formatDate on a bad date', () => {
    expect(() => formatRelativeTime('nope', now, 'UTC')).toThrow('Invalid time value')
  })
})

describe('slugify', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['Justice & Reform: Café Talks!', 'justice-reform-cafe-talks'],
    ['  --Crème Brûlée--  ', 'creme-brulee'],
    ["Don't Stop — Believin'", 'dont-stop-believin'],
    ['Straße über Ærø', 'strasse-uber-aero'],
    ['2025: A Year in Review', '2025-a-year-in-review'],
    ['World   News', 'world-news'],
    ['!!!', ''],
  ])('%j → %j', (input, slug) => {
    expect(slugify(input)).toBe(slug)
  })
})

describe('readTimeMinutes', () => {
  const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ')
  it('is words / 200 rounded up, at least 1 for any text', () => {
    expect(readTimeMinutes('')).toBe(0)
    expect(readTimeMinutes('   ')).toBe(0)
    expect(readTimeMinutes('one')).toBe(1)
    expect(readTimeMinutes(words(200))).toBe(1)
    expect(readTimeMinutes(words(201))).toBe(2)
    expect(readTimeMinutes(words(1000))).toBe(5)
  })
})

describe('excerptFrom and truncate', () => {
  it('returns short plain text unchanged', () => {
    expect(excerptFrom('A short post.')).toBe('A short post.')
  })

  it('strips markdown before measuring', () => {
    expect(excerptFrom('## Title\n\nSome **bold** and [a link](https://x.y).')).toBe('Title Some bold and a link.')
  })

  it('cuts long text at a word boundary within 150 characters, ending in an ellipsis', () => {
    const text = 'Lorem ipsum dolor sit amet '.repeat(20)
    const out = excerptFrom(text)
    expect(out.length).toBeLessThanOrEqual(150)
    expect(out.endsWith('…')).toBe(true)
    expect(text.startsWith(out.slice(0, -1))).toBe(true)
    expect(text[out.length - 1]).toBe(' ') // the cut fell on a space
  })

  it('ends at the last whole sentence that fits when it keeps at least half the room, without an ellipsis', () => {
    const text = 'Police stopped Marcus on his way home. He knew his rights and used them, calmly and clearly. Here is what happened next and what you can learn from it.'
    expect(excerptFrom(text)).toBe('Police stopped Marcus on his way home. He knew his rights and used them, calmly and clearly.')
    // Too short a first sentence: the word cut, as before.
    const short = `It began. ${'and then it went on '.repeat(10)}`
    expect(excerptFrom(short).endsWith('…')).toBe(true)
  })

  it("does not end a sentence at 'Dr.' or 'U.S.'", () => {
    const text = `${'On that day '.repeat(6)}Dr. King spoke about the U.S. government and its promises to every citizen, promises that were not kept.`
    const out = excerptFrom(text)
    expect(out.endsWith('…')).toBe(true)
    expect(out).toContain('Dr. King spoke about the U.S. government')
  })

  it('knows a derived excerpt from one the creator wrote, the word cut stored before sentence ends included', () => {
    const text = `A first sentence that is long enough to count as a good start for the excerpt of a post. ${'More words follow here '.repeat(10)}`
    expect(isDerivedExcerpt(excerptFrom(text), text)).toBe(true)
    // Stored before sentence ends counted: the cut at the last space within 149 characters, and '…'.
    const wordCut = `${text.slice(0, 149).slice(0, text.slice(0, 149).lastIndexOf(' ')).replace(/[\s.,;:!?–—-]+$/, '')}…`
    expect(wordCut).not.toBe(excerptFrom(text))
    expect(isDerivedExcerpt(wordCut, text)).toBe(true)
    expect(isDerivedExcerpt('My own summary.', text)).toBe(false)
  })

  it('truncates the video summary to 300 characters with an ellipsis only if longer', () => {
    expect(truncate('x'.repeat(300), 300)).toBe('x'.repeat(300))
    const cut = truncate('x'.repeat(301), 300)
    expect(cut).toHaveLength(300)
    expect(cut.endsWith('…')).toBe(true)
  })
})

describe('initials and avatarLetter', () => {
  it.each([
    ['Jane Doe', 'JD'],
    ['mary ann smith', 'MS'],
    ['marcus_king', 'MK'],
    ['alice', 'A'],
    ['  ', 'U'],
    ['', 'U'],
    [null, 'U'],
    ['Émile Zola', 'ÉZ'],
  ])('initials(%j) → %s', (name, text) => {
    expect(initials(name)).toBe(text)
  })

  it('shows the first letter of the username, or U', () => {
    expect(avatarLetter('keisha')).toBe('K')
    expect(avatarLetter('')).toBe('U')
    expect(avatarLetter(undefined)).toBe('U')
  })
})
