import { useEffect, useRef, useState } from 'react'
import type { BookmarkContentType } from '../../../shared/constants'

/** YouTube's max-resolution poster is missing for some videos; its high-quality one always exists. */
const fallbackFor = (src: string) => (/\/maxresdefault\.jpg$/.test(src) ? src.replace(/maxresdefault\.jpg$/, 'hqdefault.jpg') : null)

/**
 * A 16:9 picture of a video or a post (the video's thumbnail or the post's featured image) that
 * falls back to hqdefault, then to a drawn placeholder when it cannot load. `alt` is empty where
 * the title beside it already names the item. `size`: a list row's small one, or a card's full width.
 */
export function Thumbnail({ src, contentType, alt = '', size = 'row' }: { src: string | null; contentType: BookmarkContentType; alt?: string; size?: 'row' | 'card' }) {
  const [current, setCurrent] = useState(src)
  const ref = useRef<HTMLImageElement>(null)
  const fail = () => setCurrent((s) => (s ? fallbackFor(s) : null))

  // An image that failed before hydration fired its error event before React was listening.
  useEffect(() => {
    const img = ref.current
    if (img && img.complete && img.naturalWidth === 0) fail()
  }, [current])

  const box = `flex aspect-video items-center justify-center overflow-hidden bg-muted ${size === 'card' ? 'w-full rounded-lg' : 'w-24 rounded-md sm:w-40'}`
  if (!current) {
    return (
      <span className={`${box} text-muted-foreground`} data-testid="thumbnail-placeholder">
        <svg aria-hidden="true" viewBox="0 0 24 24" className={size === 'card' ? 'h-8 w-8' : 'h-7 w-7'} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
          {contentType === 'video' ? <path d="M4 5h16v14H4zM10 9l5 3-5 3z" /> : <path d="M5 4h14v16H5zM8 8h8M8 12h8M8 16h5" />}
        </svg>
      </span>
    )
  }
  return (
    <span className={box}>
      <img ref={ref} src={current} alt={alt} loading="lazy" decoding="async" onError={fail} className="h-full w-full object-cover" />
    </span>
  )
}
