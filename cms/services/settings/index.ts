// The site settings global as pages read it (terms in README.md).
import type { Payload } from 'payload'

import { cachedFor, type Viewer } from '../cache'

/** What pages show of the site settings (the global is public: read access anyone). */
export type PublicSiteSettings = {
  siteName: string | null
  merchStoreUrl: string | null
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
      select: { siteName: true, merchStoreUrl: true, creator: true, supportEmail: true },
      user: user ?? undefined,
      overrideAccess: false,
    })
    return {
      siteName: settings.siteName || null,
      merchStoreUrl: settings.merchStoreUrl || null,
      creatorId: idOf(settings.creator as number | { id: number } | null | undefined),
      supportEmail: settings.supportEmail || null,
    }
  })
}
