// The video page's behaviour without UI (SPEC §4), as a plain module rather than a React island:
// it must run on every load (the view report), and hydrating React for a component that renders
// nothing cost the phone most of its Total Blocking Time. The toast module (React-bound zustand)
// is imported only when an auto-play toast is due, YouTube's API only once the player is reached for.
import { VIDEO_PAGE } from '../../../shared/constants'
import { AUTO_PLAYING_NEXT, AWARD_DESCRIPTIONS, FAILED_TO_AWARD_POINTS } from '../../../shared/messages'
import type { PointsAward } from '../../../shared/types/points'
import { apiJson } from '../../lib/api-client'
import { reportAward } from '../../lib/stores/points-store'
import { forcedBeatDelay, shouldBeat } from './progress-beats'
import { PLAYER_SEEK_EVENT } from './seek-player'

type StateChange = { data: number }
type YouTubePlayer = { getCurrentTime?: () => number; getDuration?: () => number; getPlayerState?: () => number }
type YouTubeApi = {
  Player?: new (element: string | HTMLElement, options: { events: { onStateChange: (event: StateChange) => void } }) => YouTubePlayer
  PlayerState?: { ENDED?: number; PLAYING?: number; PAUSED?: number }
}
declare global {
  interface Window {
    YT?: YouTubeApi
    onYouTubeIframeAPIReady?: () => void
  }
}

const IFRAME_API = 'https://www.youtube.com/iframe_api'
const YT_ENDED = 0
const YT_PLAYING = 1
const YT_PAUSED = 2

export interface VideoWatcherOptions {
  videoId: string
  title: string
  /** False for a locked video: nothing is counted, nothing plays. */
  trackViews: boolean
  playerId: string
  /** Set only for a free YouTube video with a next video. */
  autoplayNextHref: string | null
  /** A signed-in member who may play it: progress beats and video_complete. */
  member: boolean
}

/**
 * Counts the view on load and whenever the tab comes back into view (the server de-duplicates per
 * hour). The response is read to its end, so the request is finished (the page reaches network
 * idle) and a member's video_watch award plays its feedback.
 */
function trackViews(videoId: string, title: string) {
  const track = () => {
    apiJson<{ award?: PointsAward }>('POST', '/api/videos/track-views', { videoId })
      .then((result) => reportAward(result?.award, { activityType: 'video_watch', description: AWARD_DESCRIPTIONS.video_watch(title) }))
      .catch(() => {
        // A lost view count is not worth bothering the viewer about.
      })
  }
  track()
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') track()
  })
}

/**
 * Calls `engaged` once the viewer reaches for the YouTube player: the pointer over it, focus or a
 * tap inside it (the window blurs to the iframe), a chapter or comment seeking it, or at once when
 * the page was opened to auto-play. Until then YouTube's API script (a large third-party script on
 * the page's own main thread) is not loaded: a video nobody starts cannot end or make progress.
 */
function whenEngaged(iframe: HTMLElement, engaged: () => void) {
  let done = false
  const once = () => {
    if (done) return
    done = true
    iframe.removeEventListener('pointerenter', once)
    window.removeEventListener('blur', onBlur)
    engaged()
  }
  const onBlur = () => setTimeout(() => {
    if (document.activeElement === iframe) once()
  })
  if (/[?&]autoplay=1(&|$)/.test(iframe.getAttribute('src') ?? '')) return once()
  iframe.addEventListener('pointerenter', once)
  window.addEventListener('blur', onBlur)
  document.addEventListener(PLAYER_SEEK_EVENT, once, { once: true })
}

/** Loads YouTube's iframe API once and attaches one player object to the iframe; `onReady` gets it. */
function withYouTubePlayer(playerId: string, onStateChange: (state: number) => void, onReady: (player: YouTubePlayer, api: YouTubeApi) => void) {
  const attach = () => {
    const api = window.YT
    const element = document.getElementById(playerId)
    if (!api?.Player || !element) return
    try {
      onReady(new api.Player(element, { events: { onStateChange: (event) => onStateChange(event?.data) } }), api)
    } catch {
      // A changed or partial API: no auto-play or progress rather than a broken page.
    }
  }
  if (window.YT?.Player) return attach()
  const previous = window.onYouTubeIframeAPIReady
  window.onYouTubeIframeAPIReady = () => {
    previous?.()
    attach()
  }
  if (!document.querySelector(`script[src="${IFRAME_API}"]`)) {
    const script = document.createElement('script')
    script.src = IFRAME_API
    script.async = true
    document.head.appendChild(script)
  }
}

/**
 * View tracking, auto-play after a free YouTube video, and for a member the progress beats
 * (POST /api/videos/{videoId}/progress about every 10 s of playing) that let the server see the
 * video completed; once it says `complete`, one video_complete claim. The iframe API is loaded
 * only when needed and may never arrive (blocked, offline): then nothing happens.
 */
export function startVideoWatcher({ videoId, title, trackViews: enabled, playerId, autoplayNextHref, member }: VideoWatcherOptions): void {
  if (enabled) trackViews(videoId, title)

  const element = document.getElementById(playerId)
  const wantsProgress = member && enabled
  if (!element || (!autoplayNextHref && !wantsProgress)) return
  let lastBeat = 0
  let claimed = false
  let inFlight = false

  const claimComplete = () => {
    claimed = true
    apiJson<PointsAward>('POST', '/api/points/award', {
      activityType: 'video_complete',
      contentType: 'video',
      contentId: videoId,
      description: AWARD_DESCRIPTIONS.video_complete(title),
    })
      .then((award) => reportAward(award, { activityType: 'video_complete', description: AWARD_DESCRIPTIONS.video_complete(title) }))
      .catch((error: unknown) => console.warn(FAILED_TO_AWARD_POINTS, error))
  }

  let pendingStop: ReturnType<typeof setTimeout> | null = null
  /**
   * One beat with the player's position (and the media's length when the player knows it), at
   * most one in flight and one per PROGRESS_BEAT_MS. A forced beat (pause, end) that comes too soon
   * after the last one is sent once the gap allows: a clip shorter than the beat interval is
   * reported played to its end, not left at its first beat.
   */
  const beat = (position: number, duration: number | undefined, force = false) => {
    const now = Date.now()
    // A newer report supersedes a stop still waiting to be sent (playing again, or a later stop).
    if (pendingStop) clearTimeout(pendingStop)
    pendingStop = null
    if (claimed) return
    if (inFlight || !shouldBeat(now, lastBeat, position, force)) {
      if (force) pendingStop = setTimeout(() => beat(position, duration, true), forcedBeatDelay(now, lastBeat))
      return
    }
    lastBeat = now
    inFlight = true
    const length = duration !== undefined && Number.isFinite(duration) && duration > 0 ? { duration } : {}
    apiJson<{ complete: boolean }>('POST', `/api/videos/${encodeURIComponent(videoId)}/progress`, { position: Math.floor(position * 10) / 10, ...length })
      .then((result) => {
        if (result?.complete && !claimed) claimComplete()
      })
      .catch(() => {
        // Rate-limited or offline: the next beat tries again.
      })
      .finally(() => {
        inFlight = false
      })
  }

  const loadToasts = () => import('../../lib/stores/toast-store')
  let ended = false
  const onEnded = () => {
    if (ended || !autoplayNextHref) return
    ended = true
    void loadToasts().then(({ toast, useToastStore }) => {
      const id = toast({ title: AUTO_PLAYING_NEXT })
      setTimeout(() => useToastStore.getState().dismiss(id), VIDEO_PAGE.autoplayToastMs)
    })
    setTimeout(() => window.location.assign(autoplayNextHref), VIDEO_PAGE.autoplayDelayMs)
  }

  if (element instanceof HTMLVideoElement) {
    if (!wantsProgress) return
    element.addEventListener('timeupdate', () => {
      if (!element.paused) beat(element.currentTime, element.duration)
    })
    const onStop = () => beat(element.currentTime, element.duration, true)
    element.addEventListener('pause', onStop)
    element.addEventListener('ended', onStop)
    return
  }
  whenEngaged(element, () => {
    // Ready before the video can end: the auto-play toast must show within its 2 s.
    if (autoplayNextHref) void loadToasts()
    let youtube: YouTubePlayer | null = null
    const position = () => youtube?.getCurrentTime?.() ?? 0
    const length = () => youtube?.getDuration?.()
    withYouTubePlayer(
      playerId,
      (state) => {
        const ended = state === (window.YT?.PlayerState?.ENDED ?? YT_ENDED)
        // The end (and a pause) is reported at once: a clip shorter than the beat interval ends between beats.
        if (wantsProgress && youtube && (ended || state === (window.YT?.PlayerState?.PAUSED ?? YT_PAUSED))) beat(position(), length(), true)
        if (ended) onEnded()
      },
      (player, api) => {
        if (!wantsProgress) return
        youtube = player
        const playing = api.PlayerState?.PLAYING ?? YT_PLAYING
        setInterval(() => {
          if (player.getPlayerState?.() === playing) beat(position(), length())
        }, 1000)
      },
    )
  })
}
