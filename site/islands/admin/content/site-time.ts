// Announcement times in /admin are typed as a date and time on the site's clock (SITE_TIME_ZONE,
// as /cms shows them), whatever the admin's own computer's zone, and stored as UTC instants.

const parts = (instant: Date, timeZone: string) => {
  const out: Record<string, string> = {}
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
  for (const p of format.formatToParts(instant)) if (p.type !== 'literal') out[p.type] = p.value
  return out
}

/** An ISO instant as a datetime-local value ('2099-12-01T21:00') on `timeZone`'s clock; '' for none. */
export function toWallClock(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return ''
  const instant = new Date(iso)
  if (Number.isNaN(instant.getTime())) return ''
  const p = parts(instant, timeZone)
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`
}

/**
 * A datetime-local value on `timeZone`'s clock as an ISO instant; null for '' or a malformed value.
 * A time that does not exist on that clock (the hour skipped when summer time starts) moves forward.
 */
export function fromWallClock(value: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim())
  if (!m) return null
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number]
  const asUtc = Date.UTC(y, mo - 1, d, h, mi)
  // The zone's offset at a first guess, then at the corrected instant (they differ across a DST change).
  const offsetAt = (t: number) => {
    const p = parts(new Date(t), timeZone)
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - t
  }
  const first = asUtc - offsetAt(asUtc)
  const second = asUtc - offsetAt(first)
  const exact = [second, first].find((t) => toWallClock(new Date(t).toISOString(), timeZone) === value.trim())
  return new Date(exact ?? Math.max(first, second)).toISOString()
}
