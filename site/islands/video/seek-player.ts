// Seeking the video page's player in place: what a key moment's `?t=` link does with a reload,
// done without one from islands (a comment's timestamp). The link's href stays the fallback.

/** The player element's id on the video page (VideoPlayer.astro). */
export const PLAYER_ID = 'video-player'

/** Dispatched on document when something seeks the player (the page's watcher then attaches YouTube's API). */
export const PLAYER_SEEK_EVENT = 'video-player-seek'

/**
 * Moves the page's player to `seconds` and plays: a self-hosted <video> directly, YouTube's
 * iframe (enablejsapi=1) through its postMessage command protocol. False when there is no
 * player to seek (locked or unavailable video): the caller follows the link instead.
 */
export function seekPlayer(seconds: number, playerId = PLAYER_ID): boolean {
  const element = document.getElementById(playerId)
  if (element instanceof HTMLVideoElement) {
    element.currentTime = seconds
    void element.play().catch(() => {
      // Autoplay refused (no user gesture reached it): the position is set, the viewer presses play.
    })
  } else if (element instanceof HTMLIFrameElement && element.contentWindow) {
    const command = (func: string, args: unknown[] = []) =>
      element.contentWindow?.postMessage(JSON.stringify({ event: 'command', func, args }), new URL(element.src).origin)
    command('seekTo', [seconds, true])
    command('playVideo')
  } else {
    return false
  }
  element.scrollIntoView({ block: 'center', behavior: 'smooth' })
  document.dispatchEvent(new Event(PLAYER_SEEK_EVENT))
  return true
}
