'use client'
// "Schedule Publish" opens on Publish. Payload's drawer preselects Unpublish whenever the post has
// no newer draft than its last save (a draft never published included), so a creator who only
// picked a time scheduled the opposite of what the button said. Each time the drawer opens, its
// type starts on Publish; the creator can still pick Unpublish. (The drawer's time zone is the
// site's: payload.config.ts `admin.timezones`.)
import { useEffect } from 'react'

const TYPE_LIST = '.schedule-publish__type'
const PUBLISH_RADIO = 'input[type="radio"][id$="-type-publish"]'

export function SchedulePublishDefaults() {
  useEffect(() => {
    const seen = new WeakSet<Element>()
    const startOnPublish = () => {
      for (const list of document.querySelectorAll(TYPE_LIST)) {
        if (seen.has(list)) continue
        seen.add(list)
        const publish = list.querySelector<HTMLInputElement>(PUBLISH_RADIO)
        if (publish && !publish.checked && !publish.disabled) publish.click()
      }
    }
    const observer = new MutationObserver(startOnPublish)
    observer.observe(document.body, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [])
  return null
}
