// The site settings an admin edits in /admin → Settings (GET/PUT /api/admin/settings), and the
// rules the site-settings global checks on every save (/cms included).
import { FOOTER_DESCRIPTION } from '../nav'
import { isTimeZone } from '../time-zones'
import { z } from '../zod'

export const SITE_NAME_MAX = 100
export const SITE_DESCRIPTION_MAX = 300
export const STORE_URL_MAX = 500
export const SUPPORT_EMAIL_MAX = 254

export const SITE_NAME_REQUIRED = 'Site name is required'
export const SITE_NAME_TOO_LONG = `Site name must be at most ${SITE_NAME_MAX} characters`
export const SITE_DESCRIPTION_TOO_LONG = `Description must be at most ${SITE_DESCRIPTION_MAX} characters`
export const STORE_URL_INVALID = "Enter the store's full address, starting with https://"
export const YOUTUBE_HANDLE_INVALID = 'Enter a channel handle such as @yourchannel (letters, numbers, dots, dashes and underscores)'
export const SUPPORT_EMAIL_INVALID = 'Enter a valid email address'
export const TIME_ZONE_INVALID = 'Choose a time zone from the list, such as America/New_York'

/** What the footer and the pages' description say when the setting is empty. */
export const DEFAULT_SITE_DESCRIPTION = FOOTER_DESCRIPTION

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The merch store: an https address. Plain http only for a loopback host (a store run on the same
 * machine for a demo or a test: it reaches no visitor, and browsers treat loopback as secure).
 * No user name or password in it: the address is shown to everyone.
 */
export function isStoreUrl(value: string): boolean {
  if (value.length > STORE_URL_MAX) return false
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.username || url.password || !url.hostname) return false
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && (LOOPBACK_HOSTS.has(url.hostname) || /^127(\.\d{1,3}){3}$/.test(url.hostname))
}

/** YouTube's handles: 3–30 letters, digits, dots, dashes and underscores; stored with its '@'. */
const HANDLE = /^@?[A-Za-z0-9._-]{3,30}$/
export const normalizeHandle = (value: string) => (value.startsWith('@') ? value : `@${value}`)
export const isYoutubeHandle = (value: string) => HANDLE.test(value)

/** The zone's canonical name ('america/new_york' → 'America/New_York'), or null if the runtime does not know it. */
export function canonicalTimeZone(value: string): string | null {
  if (!isTimeZone(value)) return null
  return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone
}

const emailSchema = z.email()

/** Optional text: '' and null clear the setting (null); absent leaves it as it is (undefined). */
const clearable = <T extends z.ZodType<string | null>>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional())

/** PUT /api/admin/settings: any subset of the fields; an absent one is left unchanged, '' clears it. */
export const siteSettingsUpdateSchema = z.object({
  siteName: z
    .string({ error: SITE_NAME_REQUIRED })
    .trim()
    .min(1, { error: SITE_NAME_REQUIRED, abort: true })
    .max(SITE_NAME_MAX, { error: SITE_NAME_TOO_LONG })
    .optional(),
  siteDescription: clearable(z.string().trim().max(SITE_DESCRIPTION_MAX, { error: SITE_DESCRIPTION_TOO_LONG })),
  merchStoreUrl: clearable(
    z
      .string({ error: STORE_URL_INVALID })
      .trim()
      .refine(isStoreUrl, { error: STORE_URL_INVALID }),
  ),
  youtubeHandle: clearable(
    z
      .string({ error: YOUTUBE_HANDLE_INVALID })
      .trim()
      .refine(isYoutubeHandle, { error: YOUTUBE_HANDLE_INVALID })
      .transform(normalizeHandle),
  ),
  supportEmail: clearable(
    z
      .string({ error: SUPPORT_EMAIL_INVALID })
      .trim()
      .max(SUPPORT_EMAIL_MAX, { error: SUPPORT_EMAIL_INVALID })
      .refine((v) => emailSchema.safeParse(v).success, { error: SUPPORT_EMAIL_INVALID }),
  ),
  timeZone: clearable(
    z
      .string({ error: TIME_ZONE_INVALID })
      .trim()
      .transform((v, ctx) => {
        const zone = canonicalTimeZone(v)
        if (zone) return zone
        ctx.addIssue({ code: 'custom', message: TIME_ZONE_INVALID })
        return z.NEVER
      }),
  ),
})

export type SiteSettingsUpdateInput = z.input<typeof siteSettingsUpdateSchema>
export type SiteSettingsUpdate = z.output<typeof siteSettingsUpdateSchema>

/** GET and PUT /api/admin/settings answer with every editable setting as stored (null when empty). */
export type AdminSiteSettings = {
  siteName: string
  siteDescription: string | null
  merchStoreUrl: string | null
  youtubeHandle: string | null
  supportEmail: string | null
  timeZone: string | null
  /** The zone the site runs on now: the setting, else SITE_TIME_ZONE from the environment, else America/New_York. */
  effectiveTimeZone: string
}

/** A field's check as a Payload `validate` (empty passes: the field is optional). */
export const validateSetting =
  (check: (value: string) => boolean, message: string) =>
  (value: unknown): true | string =>
    value === null || value === undefined || value === '' || (typeof value === 'string' && check(value)) ? true : message

/** The store's origin for the page's CSP `frame-src` (only for an address the setting accepts). */
export function storeFrameOrigin(url: string | null | undefined): string | null {
  if (!url || !isStoreUrl(url)) return null
  return new URL(url).origin
}
