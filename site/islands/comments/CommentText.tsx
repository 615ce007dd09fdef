import type { MouseEvent } from 'react'

import { splitTimestamps } from '../../../shared/comment-timestamps'
import { seekPlayer } from '../video/seek-player'

/**
 * A comment's text with its clock times ('at 3:15', '1:02:03') as links that seek the player in
 * place; the href is the page at that second (?t=, like a key moment), for a new tab or no script.
 */
export function CommentText({ content, videoId }: { content: string; videoId: string }) {
  const seek = (seconds: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    if (seekPlayer(seconds)) event.preventDefault()
  }
  return (
    <p className="mt-1.5 break-words whitespace-pre-wrap">
      {splitTimestamps(content).map((part, i) =>
        'seconds' in part ? (
          <a
            key={i}
            href={`/video/${encodeURIComponent(videoId)}?t=${part.seconds}`}
            onClick={seek(part.seconds)}
            aria-label={`Play from ${part.text}`}
            className="rounded font-mono font-semibold text-primary tabular-nums"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  )
}
