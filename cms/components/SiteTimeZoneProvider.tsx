'use client'
// Every date /cms shows reads in the site's one time zone, as Schedule Publish and the site do
// (server/cms-time-zone-patch.ts gives Payload's formatDate this default). Set when the admin's
// bundle loads, before anything renders a date; payload.config.ts sets it for server rendering.
import type { ReactNode } from 'react'

import { SITE_TIME_ZONE } from '../../shared/constants'

;(globalThis as { __cmsDisplayTimeZone?: string }).__cmsDisplayTimeZone = SITE_TIME_ZONE

export function SiteTimeZoneProvider({ children }: { children?: ReactNode }) {
  return children
}
