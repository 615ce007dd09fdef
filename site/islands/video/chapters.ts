// The video page's chapters (key moments) and the chapter timeline under the player: a click
// seeks the player in place (the ?t= href stays the fallback: new tab, no script, no player), and
// as the video plays the current chapter is marked in the list and filled in on the timeline.
import { PLAYER_ID, seekPlayer } from './seek-player'

const YOUTUBE_ORIGINS = new Set(['https://www.youtube-nocookie.com', 'https://www.youtube.com'])

type Segment = { start: number; end: number; element: HTMLElement }

function segmentsOf(selector: string): Segment[] {
  return [...document.querySelectorAll<HTMLElement>(selector)].map((element) => ({
    element,
    start: Number(element.dataset.start),
    end: Number(element.dataset.end),
  }))
}

/** Marks the chapter playing at `seconds` (aria-current="time") and fills the timeline up to it. */
function showPosition(seconds: number) {
  const items = [...document.querySelectorAll<HTMLElement>('[data-chapter-link]')]
  let current: HTMLElement | null = null
  for (const item of items) if (Number(item.dataset.seek) <= seconds) current = item
  for (const item of items) {
    if (item === current) item.setAttribute('aria-current', 'time')
    else item.removeAttribute('aria-current')
  }
  for (const { start, end, element } of segmentsOf('[data-chapter-segment]')) {
    const fill = end > start ? Math.min(1, Math.max(0, (seconds - start) / (end - start))) : 0
    element.style.setProperty('--fill', String(fill))
  }
}

/** The YouTube iframe reports its time once told someone listens (what its own JS API does). */
function followYouTube(iframe: HTMLIFrameElement) {
  const origin = new URL(iframe.src).origin
  const listen = () => iframe.contentWindow?.postMessage(JSON.stringify({ event: 'listening', id: PLAYER_ID, channel: 'widget' }), origin)
  iframe.addEventListener('load', listen)
  listen()
  window.addEventListener('message', (event) => {
    if (!YOUTUBE_ORIGINS.has(event.origin) || event.source !== iframe.contentWindow || typeof event.data !== 'string') return
    try {
      const message = JSON.parse(event.data) as { info?: { currentTime?: unknown } }
      if (typeof message.info?.currentTime === 'number') showPosition(message.info.currentTime)
    } catch {
      // Not one of the player's messages.
    }
  })
}

/** `startAt`: where the player starts (?t=), marked until the player reports its own time. */
export function startChapters(startAt = 0): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-seek]') : null
    if (!link) return
    const seconds = Number(link.dataset.seek)
    if (!Number.isFinite(seconds) || !seekPlayer(seconds)) return
    event.preventDefault()
    showPosition(seconds)
  })
  const player = document.getElementById(PLAYER_ID)
  if (!document.querySelector('[data-chapter-link]') || !player) return
  if (startAt > 0) showPosition(startAt)
  if (player instanceof HTMLVideoElement) {
    // Chromium reports 0 once the metadata is in: nothing is playing yet, so nothing is marked.
    player.addEventListener('timeupdate', () => {
      if (!player.paused || player.currentTime > 0) showPosition(player.currentTime)
    })
  }
  else if (player instanceof HTMLIFrameElement) followYouTube(player)
}
