// The site settings global as pages read it and admins edit it (terms in README.md).
import type { Payload } from 'payload'

import type { AdminSiteSettings, SiteSettingsUpdate } from '../../../shared/schemas/site-settings'
import type { SiteSetting, User } from '../../payload-types'
import { cachedFor, type Viewer } from '../cache'
import { userIsAdmin } from '../../access/roles'
import { inTransaction } from '../db/transactions'
import { forbidden, unauthorized } from '../errors'
import { siteTimeZone } from './time-zone'

export { fallbackTimeZone, followSiteTimeZoneSetting, loadSiteTimeZone, siteTimeZone } from './time-zone'

/** What pages show of the site settings (the global is public: read access anyone). */
export type PublicSiteSettings = {
  siteName: string | null
  /** The footer's description; null: the built-in one (DEFAULT_SITE_DESCRIPTION). */
  siteDescription: string | null
  merchStoreUrl: string | null
  /** The YouTube import's default channel handle. */
  youtubeHandle: string | null
  /** The creator's account id, whose comments carry the 'Creator' badge. */
  creatorId: number | null
  /** Premium's priority support address (shown to Premium members). */
  supportEmail: string | null
}

const idOf = (value: number | { id: number } | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'object' ? value.id : value

/** The site settings as `user` may read them; cached per audience (cms/services/cache). */
export function getSiteSettings(payload: Payload, { user }: { user?: Viewer } = {}): Promise<PublicSiteSettings> {
  return cachedFor(user, ['settings'], async () => {
    const settings = await payload.findGlobal({
      slug: 'site-settings',
      depth: 0,
      select: { siteName: true, siteDescription: true, merchStoreUrl: true, youtubeHandle: true, creator: true, supportEmail: true },
      user: user ?? undefined,
      overrideAccess: false,
    })
    return {
      siteName: settings.siteName || null,
      siteDescription: settings.siteDescription || null,
      merchStoreUrl: settings.merchStoreUrl || null,
      youtubeHandle: settings.youtubeHandle || null,
      creatorId: idOf(settings.creator as number | { id: number } | null | undefined),
      supportEmail: settings.supportEmail || null,
    }
  })
}

export const ONLY_ADMINS_SETTINGS = 'Only admins can change the site settings.'

/** The settings screen is the admins' (401 visitor, 403 member or moderator). */
export function assertCanEditSettings(user: User | null | undefined): asserts user is User {
  if (!user) throw unauthorized('Please sign in as an admin.')
  if (!userIsAdmin(user)) throw forbidden(ONLY_ADMINS_SETTINGS)
}

function toAdminSettings(doc: Pick<SiteSetting, 'siteName' | 'siteDescription' | 'merchStoreUrl' | 'youtubeHandle' | 'supportEmail' | 'timeZone'>): AdminSiteSettings {
  return {
    siteName: doc.siteName,
    siteDescription: doc.siteDescription || null,
    merchStoreUrl: doc.merchStoreUrl || null,
    youtubeHandle: doc.youtubeHandle || null,
    supportEmail: doc.supportEmail || null,
    timeZone: doc.timeZone || null,
    effectiveTimeZone: siteTimeZone(),
  }
}

/** GET /api/admin/settings: every editable setting as stored (admins; never cached). */
export async function getAdminSettings(payload: Payload, { user }: { user: User | null | undefined }): Promise<AdminSiteSettings> {
  assertCanEditSettings(user)
  const doc = await payload.findGlobal({ slug: 'site-settings', depth: 0, user, overrideAccess: false })
  return toAdminSettings(doc)
}

/**
 * PUT /api/admin/settings: the fields given (null clears one), in one transaction. The global's
 * hooks clear the page and content caches (the header, footer, /merch and the home page show the
 * change on the next request) and move the site time zone. One audit line names the fields.
 */
export async function updateSiteSettings(payload: Payload, { user, data }: { user: User | null | undefined; data: SiteSettingsUpdate }): Promise<AdminSiteSettings> {
  assertCanEditSettings(user)
  const changes = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined))
  const doc = await inTransaction(payload, (req) =>
    payload.updateGlobal({ slug: 'site-settings', data: changes, depth: 0, user, overrideAccess: false, req }),
  )
  payload.logger
    .child({ audit: true }, { level: 'info' })
    .info({ event: 'site_settings_changed', by: { id: user.id, username: user.username }, fields: Object.keys(changes) }, 'site settings changed by an admin')
  return toAdminSettings(doc)
}
