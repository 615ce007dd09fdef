import { useEffect } from 'react'

import { VIDEO_PAGE } from '../../../shared/constants'
import { AUTO_PLAYING_NEXT } from '../../../shared/messages'
import { apiRequest } from '../../lib/api-client'
import { toast, useToastStore } from '../../lib/stores/toast-store'

type StateChange = { data: number }
type YouTubeApi = {
  Player?: new (element: string | HTMLElement, options: { events: { onStateChange: (event: StateChange) => void } }) => unknown
  PlayerState?: { ENDED?: number }
}
declare global {
  interface Window {
    YT?: YouTubeApi
    onYouTubeIframeAPIReady?: () => void
  }
}

const IFRAME_API = 'https://www.youtube.com/iframe_api'
const YT_ENDED = 0

/** Counts the view on load and whenever the tab comes back into view (the server de-duplicates per hour). */
function useTrackViews(videoId: string, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return
    const track = () => {
      apiRequest('POST', '/api/videos/track-views', { videoId }).catch(() => {
        // A lost view count is not worth bothering the viewer about.
      })
    }
    track()
    const onVisibility = () => {
      if (document.visibilityState === 'visible') track()
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [videoId, enabled])
}

/**
 * Auto-play (SPEC §4): when the YouTube player reports ENDED, toast 'Auto-playing next video' for
 * 3 s and go to the next video after 2 s. The iframe API is loaded only here and may never arrive
 * (blocked, offline): then nothing happens and the page works as before.
 */
function useAutoplayNext(playerId: string, nextHref: string | null) {
  useEffect(() => {
    if (!nextHref) return
    let done = false
    let navigateTimer: ReturnType<typeof setTimeout> | undefined
    let dismissTimer: ReturnType<typeof setTimeout> | undefined
    const onEnded = () => {
      if (done) return
      done = true
      const id = toast({ title: AUTO_PLAYING_NEXT })
      dismissTimer = setTimeout(() => useToastStore.getState().dismiss(id), VIDEO_PAGE.autoplayToastMs)
      navigateTimer = setTimeout(() => window.location.assign(nextHref), VIDEO_PAGE.autoplayDelayMs)
    }
    const attach = () => {
      const api = window.YT
      const element = document.getElementById(playerId)
      if (!api?.Player || !element) return
      const ended = api.PlayerState?.ENDED ?? YT_ENDED
      try {
        new api.Player(element, { events: { onStateChange: (event) => event?.data === ended && onEnded() } })
      } catch {
        // A changed or partial API: no auto-play rather than a broken page.
      }
    }
    if (window.YT?.Player) {
      attach()
    } else {
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
    return () => {
      clearTimeout(navigateTimer)
      clearTimeout(dismissTimer)
    }
  }, [playerId, nextHref])
}

/** The video page's behaviour without UI: view tracking and auto-play. */
export default function VideoWatcher({ videoId, trackViews, playerId, autoplayNextHref }: {
  videoId: string
  trackViews: boolean
  playerId: string
  /** Set only for a free YouTube video with a next video. */
  autoplayNextHref: string | null
}) {
  useTrackViews(videoId, trackViews)
  useAutoplayNext(playerId, autoplayNextHref)
  return null
}
