import { useEffect, useState } from 'react'
import { announcementParagraphs } from '../../../shared/announcement-text'
import type { Announcement, AnnouncementType } from '../../../shared/types/content'
import { cx } from '../ui/styles'

/** SPEC §4: shown only if active, started (no start time, or one passed) and unexpired (no expiry, or one in the future). */
export function isAnnouncementShown(announcement: Pick<Announcement, 'isActive' | 'expiresAt' | 'startsAt'>, now: number): boolean {
  if (!announcement.isActive) return false
  if (announcement.startsAt && !(new Date(announcement.startsAt).getTime() <= now)) return false
  if (!announcement.expiresAt) return true
  const expires = new Date(announcement.expiresAt).getTime()
  return Number.isFinite(expires) && expires > now
}

const TYPE_STYLES: Record<AnnouncementType, { label: string; box: string; chip: string }> = {
  urgent: { label: 'Urgent', box: 'border-destructive/50 bg-destructive/10', chip: 'bg-destructive text-destructive-foreground' },
  event: { label: 'Event', box: 'border-accent/70 bg-accent/15', chip: 'bg-accent text-accent-foreground' },
  update: { label: 'Update', box: 'border-primary/40 bg-primary/10', chip: 'bg-primary text-primary-foreground' },
  general: { label: 'Announcement', box: 'border-border bg-card', chip: 'bg-muted text-foreground' },
}

/** The creator's paragraphs, line breaks and links (shared/announcement-text.ts), as elements. */
function AnnouncementText({ content }: { content: string }) {
  return (
    <div className="mt-1 space-y-2 text-sm text-muted-foreground sm:text-base">
      {announcementParagraphs(content).map((paragraph, p) => (
        <p key={p}>
          {paragraph.map((part, i) =>
            'br' in part ? (
              <br key={i} />
            ) : 'href' in part ? (
              <a key={i} href={part.href} className="font-medium text-foreground underline underline-offset-2 hover:text-primary">
                {part.text}
              </a>
            ) : (
              part.text
            ),
          )}
        </p>
      ))}
    </div>
  )
}

export interface AnnouncementsBannerProps {
  announcements: Announcement[]
}

/**
 * The home page's announcements (SPEC §2, §4). Each can be dismissed; dismissal lives in page
 * state only, so a reload shows them again.
 */
export default function AnnouncementsBanner({ announcements }: AnnouncementsBannerProps) {
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(() => new Set())
  // The clock is read once per mount, so the list does not change under the reader's eyes.
  const [now] = useState(() => Date.now())
  // After a dismissal, focus moves to the next announcement's dismiss button, else to the main content.
  const [focusAfterDismiss, setFocusAfterDismiss] = useState<number | 'main' | null>(null)
  const shown = announcements.filter((a) => isAnnouncementShown(a, now) && !dismissed.has(a.id))

  useEffect(() => {
    if (focusAfterDismiss === null) return
    const target =
      focusAfterDismiss === 'main'
        ? document.getElementById('main')
        : document.querySelector<HTMLElement>(`[data-dismiss-announcement="${focusAfterDismiss}"]`)
    target?.focus()
    setFocusAfterDismiss(null)
  }, [focusAfterDismiss])

  function dismiss(id: number) {
    const index = shown.findIndex((a) => a.id === id)
    const next = shown[index + 1] ?? shown[index - 1]
    setDismissed((prev) => new Set(prev).add(id))
    setFocusAfterDismiss(next ? next.id : 'main')
  }

  if (shown.length === 0) return null

  return (
    <section aria-label="Announcements" className="space-y-3">
      {shown.map((announcement) => {
        const style = TYPE_STYLES[announcement.type] ?? TYPE_STYLES.general
        return (
          <article
            key={announcement.id}
            data-testid="announcement"
            className={cx('flex items-start gap-3 rounded-xl border p-4 shadow-sm sm:gap-4 sm:p-5', style.box)}
            aria-labelledby={`announcement-${announcement.id}`}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 hidden h-6 w-6 shrink-0 text-primary sm:block" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1ZM15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
            </svg>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className={cx('rounded-full px-2 py-0.5 text-xs font-bold tracking-wide uppercase', style.chip)}>{style.label}</span>
                <h2 id={`announcement-${announcement.id}`} className="font-sans text-base font-bold">
                  {announcement.title}
                </h2>
              </div>
              <AnnouncementText content={announcement.content} />
            </div>
            <button
              type="button"
              className="-mt-1 -mr-1 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
              aria-label={`Dismiss announcement: ${announcement.title}`}
              data-dismiss-announcement={announcement.id}
              onClick={() => dismiss(announcement.id)}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M18 6 6 18M6 6l12 12" />
              </svg>
            </button>
          </article>
        )
      })}
    </section>
  )
}
