// Clock times written in a comment ('at 3:15', '1:02:03') as seekable pieces (SPEC §2 comments).
// Pure: the comment island splits the text with it, the tests check it.

export type CommentTextPart = { text: string } | { text: string; seconds: number }

// h:mm:ss or m:ss / mm:ss, not inside a longer number or ratio ('10:30:45:00', '3:155').
const STAMP = /(?<![\d:])(?:(\d{1,2}):)?(\d{1,2}):(\d{2})(?![\d:])/g

/** '1:02:03' → 3723, '3:15' → 195; null when a part is out of range ('3:75'). */
export function clockSeconds(hours: string | undefined, minutes: string, seconds: string): number | null {
  const m = Number(minutes)
  const s = Number(seconds)
  if (s > 59 || (hours !== undefined && m > 59)) return null
  return Number(hours ?? 0) * 3600 + m * 60 + s
}

/** The comment's text cut into plain runs and timestamps (at most `maxSeconds` when the duration is known). */
export function splitTimestamps(content: string, maxSeconds: number | null = null): CommentTextPart[] {
  const parts: CommentTextPart[] = []
  let last = 0
  for (const match of content.matchAll(STAMP)) {
    const seconds = clockSeconds(match[1], match[2]!, match[3]!)
    if (seconds === null || (maxSeconds !== null && seconds > maxSeconds)) continue
    if (match.index > last) parts.push({ text: content.slice(last, match.index) })
    parts.push({ text: match[0], seconds })
    last = match.index + match[0].length
  }
  if (last < content.length) parts.push({ text: content.slice(last) })
  return parts
}
