import { useEffect, useState } from 'react'
import { formatDateTime } from '../../../shared/format'
import { viewerTimeZone } from './live-streams'

/**
 * A moment on the reader's own clock ('Nov 24, 2025 at 8:26 PM CET'). The server does not know
 * the reader's zone, so the text appears once the island runs in the browser; until then a
 * placeholder keeps the line's height (never the server's zone).
 */
export function LocalDateTime({ iso, className }: { iso: string; className?: string }) {
  const [text, setText] = useState<string | null>(null)
  useEffect(() => {
    try {
      setText(formatDateTime(iso, viewerTimeZone() ?? undefined))
    } catch {
      setText(null)
    }
  }, [iso])
  return (
    <time dateTime={iso} className={className} data-testid="local-date-time">
      {text ?? <span className="inline-block h-[1em] w-40 animate-pulse rounded bg-muted align-middle motion-reduce:animate-none" aria-hidden="true" />}
    </time>
  )
}
