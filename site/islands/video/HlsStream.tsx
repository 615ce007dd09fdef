import { useEffect } from 'react'

const HLS_TYPE = 'application/vnd.apple.mpegurl'

/**
 * Adaptive streaming for an uploaded video's <video>, hls.js's documented order: where Media Source
 * Extensions exist, hls.js (loaded only here, only on such a page) feeds the element and picks the
 * rendition for the player's size and bandwidth, taking over from the original file at the position
 * it had reached; without MSE (older iPhones), the browser's own HLS plays the <source> it already
 * chose. No UI: the <video> keeps its native controls.
 *
 * Captions: the <video> lists each track as a <track> the viewer picks in its controls; hls.js
 * leaves subtitles to them (enableWebVTT off), while a native HLS player takes them from the
 * master playlist's SUBTITLES group, so the <track>s go there to avoid listing each twice.
 */
export default function HlsStream({ playerId, src, captionsInStream = false }: { playerId: string; src: string; captionsInStream?: boolean }) {
  useEffect(() => {
    const video = document.getElementById(playerId)
    if (!(video instanceof HTMLVideoElement)) return
    const mse = 'MediaSource' in window || 'ManagedMediaSource' in window
    const nativeHls = () => {
      video.dataset.stream = 'native-hls'
      if (captionsInStream) for (const track of video.querySelectorAll('track')) track.remove()
    }
    if (!mse) {
      if (video.canPlayType(HLS_TYPE)) nativeHls()
      return
    }
    let disposed = false
    let destroy: (() => void) | undefined
    void import('hls.js')
      .then(({ default: Hls }) => {
        if (disposed) return
        if (!Hls.isSupported()) {
          if (video.canPlayType(HLS_TYPE)) nativeHls()
          return
        }
        const resumeAt = video.currentTime
        const wasPlaying = !video.paused
        // No worker: the site's CSP allows no blob: workers, and the main thread copes with these segment sizes.
        const hls = new Hls({ enableWorker: false, enableWebVTT: false, startPosition: resumeAt > 0 ? resumeAt : -1, capLevelToPlayerSize: true })
        hls.on(Hls.Events.MANIFEST_PARSED, () => {
          video.dataset.stream = 'hls'
          if (wasPlaying) void video.play().catch(() => undefined)
        })
        hls.on(Hls.Events.ERROR, (_event, data) => {
          // A stream that cannot be played (a locked playlist, a network failure) hands back to the original file.
          if (!data.fatal) return
          hls.destroy()
          delete video.dataset.stream
          video.load()
        })
        hls.loadSource(src)
        hls.attachMedia(video)
        destroy = () => hls.destroy()
      })
      .catch(() => {
        // The library did not load (offline, blocked): the original file keeps playing.
      })
    return () => {
      disposed = true
      destroy?.()
    }
  }, [playerId, src, captionsInStream])
  return null
}
