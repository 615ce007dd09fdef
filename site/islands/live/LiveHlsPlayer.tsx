import type { HlsConfig } from 'hls.js'
import { useEffect, useRef, useState } from 'react'
import { BACK_TO_LIVE, STREAM_BEGINS_SHORTLY, STREAM_HAS_ENDED } from '../../../shared/live-messages'
import { ApiError, messageFromApiError } from '../../../shared/api-error'
import { cx } from '../ui/styles'
import { isAtLiveEdge } from './live-streams'

const HLS_TYPE = 'application/vnd.apple.mpegurl'
/** The playlist answers 404 until the publisher's first segments are in: ask again this often. */
export const MEDIA_RETRY_MS = 2000

/**
 * Low-latency live: start two segments behind the newest, catch up (slightly faster playback) when
 * more than six behind, and keep little back buffer. No worker: the site's CSP allows no blob: workers.
 */
export const LIVE_HLS_CONFIG: Partial<HlsConfig> = {
  enableWorker: false,
  lowLatencyMode: true,
  liveSyncDurationCount: 2,
  liveMaxLatencyDurationCount: 6,
  maxLiveSyncPlaybackRate: 1.5,
  backBufferLength: 30,
  manifestLoadingMaxRetry: 2,
  levelLoadingMaxRetry: 4,
  fragLoadingMaxRetry: 4,
}

type Phase = 'waiting' | 'playing' | 'refused'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface LiveHlsPlayerProps {
  src: string
  title: string
  /** The stream ended: stop waiting for media, say so over the picture. */
  ended?: boolean
}

/**
 * The player of an OBS stream: 'Stream will begin shortly...' until the site's playlist has media
 * (it answers 404 till then), then the picture through hls.js (or the browser's own HLS), with a
 * Live indicator: red at the live edge, a button back to it when the viewer fell behind.
 */
export function LiveHlsPlayer({ src, title, ended = false }: LiveHlsPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null)
  const hlsRef = useRef<{ liveSyncPosition: number | null; targetLatency: number | null } | null>(null)
  const [phase, setPhase] = useState<Phase>('waiting')
  const [refusal, setRefusal] = useState<string | null>(null)
  const [atEdge, setAtEdge] = useState(true)

  useEffect(() => {
    const video = videoRef.current
    if (!video || ended) return
    let disposed = false
    let destroy: (() => void) | undefined
    let retry: ReturnType<typeof setTimeout> | undefined

    const playWhenAllowed = () =>
      video.play().catch(() => {
        // Autoplay with sound is refused without a gesture: start muted, the controls unmute.
        video.muted = true
        return video.play().catch(() => undefined)
      })

    const mediaArrived = async (): Promise<boolean> => {
      while (!disposed) {
        try {
          const res = await fetch(src, { credentials: 'include', cache: 'no-store' })
          if (res.ok) return true
          if (res.status === 401 || res.status === 403) {
            setRefusal(messageFromApiError(new ApiError(res.status, res.statusText, await res.text().catch(() => ''))))
            setPhase('refused')
            return false
          }
        } catch {
          // Offline for a moment: ask again.
        }
        await sleep(MEDIA_RETRY_MS)
      }
      return false
    }

    const start = async () => {
      if (!(await mediaArrived()) || disposed) return
      const mse = 'MediaSource' in window || 'ManagedMediaSource' in window
      const { default: Hls } = mse ? await import('hls.js') : { default: null }
      if (disposed) return
      if (!Hls || !Hls.isSupported()) {
        if (!video.canPlayType(HLS_TYPE)) return
        video.src = src
        void playWhenAllowed()
        destroy = () => video.removeAttribute('src')
        return
      }
      const hls = new Hls(LIVE_HLS_CONFIG)
      hlsRef.current = hls
      hls.on(Hls.Events.MANIFEST_PARSED, () => void playWhenAllowed())
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR) return hls.recoverMediaError()
        // The publisher dropped or the playlist went away: wait for media again.
        hls.destroy()
        hlsRef.current = null
        setPhase('waiting')
        if (!disposed) retry = setTimeout(() => void start(), MEDIA_RETRY_MS)
      })
      // How far behind the picture is, where a test or a benchmark can read it: the wall-clock
      // time of the frame on screen (EXT-X-PROGRAM-DATE-TIME) and hls.js's distance to the edge.
      const stamp = () => {
        const playing = hls.playingDate?.getTime()
        if (playing) video.dataset.playingDate = String(playing)
        if (Number.isFinite(hls.latency)) video.dataset.latencyMs = String(Math.round(hls.latency * 1000))
      }
      video.addEventListener('timeupdate', stamp)
      hls.loadSource(src)
      hls.attachMedia(video)
      destroy = () => {
        video.removeEventListener('timeupdate', stamp)
        hls.destroy()
        hlsRef.current = null
      }
    }

    void start()
    return () => {
      disposed = true
      clearTimeout(retry)
      destroy?.()
    }
  }, [src, ended])

  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    const onPlaying = () => setPhase('playing')
    video.addEventListener('loadeddata', onPlaying)
    video.addEventListener('playing', onPlaying)
    const timer = setInterval(() => {
      const ranges = video.seekable
      const edge = ranges.length > 0 ? ranges.end(ranges.length - 1) : null
      const target = hlsRef.current?.targetLatency ?? 6
      setAtEdge(isAtLiveEdge({ currentTime: video.currentTime, liveEdge: edge, targetLatency: target, paused: video.paused }))
    }, 1000)
    return () => {
      video.removeEventListener('loadeddata', onPlaying)
      video.removeEventListener('playing', onPlaying)
      clearInterval(timer)
    }
  }, [])

  const jumpToLive = () => {
    const video = videoRef.current
    if (!video) return
    const ranges = video.seekable
    const sync = hlsRef.current?.liveSyncPosition ?? (ranges.length > 0 ? ranges.end(ranges.length - 1) - 3 : null)
    if (sync !== null && Number.isFinite(sync)) video.currentTime = sync
    void video.play().catch(() => undefined)
  }

  const overlay = ended ? STREAM_HAS_ENDED : phase === 'refused' ? refusal : phase === 'waiting' ? STREAM_BEGINS_SHORTLY : null

  return (
    <div className="relative aspect-video w-full overflow-hidden bg-black" data-testid="live-player" data-phase={ended ? 'ended' : phase}>
      <video ref={videoRef} className={cx('h-full w-full', phase === 'playing' ? '' : 'invisible')} controls playsInline aria-label={title} />
      {overlay ? (
        <div role="status" className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-white" data-testid="stream-waiting">
          {phase === 'waiting' && !ended ? (
            <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-white/25 border-t-white motion-reduce:animate-none" />
          ) : null}
          <p className="text-lg font-semibold">{overlay}</p>
        </div>
      ) : null}
      {phase === 'playing' && !ended ? (
        <button
          type="button"
          onClick={jumpToLive}
          disabled={atEdge}
          aria-label={atEdge ? 'Live, at the live edge' : BACK_TO_LIVE}
          data-testid="live-edge"
          data-at-edge={atEdge ? '1' : '0'}
          className={cx(
            'absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-bold tracking-wide text-white uppercase shadow',
            atEdge ? 'bg-red-600 disabled:opacity-100' : 'bg-black/70 hover:bg-black/85',
          )}
        >
          <span aria-hidden="true" className={cx('h-2 w-2 rounded-full', atEdge ? 'animate-pulse bg-white motion-reduce:animate-none' : 'bg-white/60')} />
          {atEdge ? 'Live' : BACK_TO_LIVE}
        </button>
      ) : null}
    </div>
  )
}
