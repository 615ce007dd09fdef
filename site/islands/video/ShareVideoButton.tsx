import { FAILED_TO_AWARD_POINTS, LINK_COPIED } from '../../../shared/messages'
import type { PointsAward } from '../../../shared/types/points'
import { apiJson } from '../../lib/api-client'
import { reportAward } from '../../lib/stores/points-store'
import { COPY_LINK_FAILED, SHARE_VIDEO } from '../../../shared/video-messages'
import { toast } from '../../lib/stores/toast-store'
import { Button } from '../ui/Button'

/** Copies `text` with the Clipboard API, or the old selection trick where that is missing (http, old browsers). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Permission refused: try the fallback.
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.appendChild(area)
  area.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
  }
}

/** Videos whose share was claimed on this page: the server pays once per video a day, so once is enough. */
const claimed = new Set<string>()

/** A member's share earns content_share (the server pays it once per video a day, 5 a day at most). */
function claimShare(videoId: string, title: string) {
  if (claimed.has(videoId)) return
  claimed.add(videoId)
  const description = `Shared: ${title}`
  apiJson<PointsAward>('POST', '/api/points/award', { activityType: 'content_share', contentType: 'video', contentId: videoId, description })
    .then((award) => reportAward(award, { activityType: 'content_share', description }))
    .catch((error: unknown) => console.warn(FAILED_TO_AWARD_POINTS, error))
}

/**
 * Quick Actions 'Share Video': copies the video's link, then toast 'Link copied!' (SPEC §2). For a
 * member (`videoId` given) the copied link claims content_share.
 */
export default function ShareVideoButton({ url, videoId, title = '', className }: { url: string; videoId?: string; title?: string; className?: string }) {
  return (
    <Button
      variant="outline"
      className={className}
      onClick={async () => {
        if (await copyText(url)) {
          toast({ title: LINK_COPIED })
          if (videoId) claimShare(videoId, title)
        } else toast({ title: COPY_LINK_FAILED, description: url, variant: 'destructive' })
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="18" cy="5" r="3" /><circle cx="6" cy="12" r="3" /><circle cx="18" cy="19" r="3" />
        <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
      </svg>
      {SHARE_VIDEO}
    </Button>
  )
}
