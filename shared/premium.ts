import type { SessionUser } from './schemas/auth'

/**
 * Whether to offer Premium (SPEC §6): visitors and members without it. Premium members and
 * admins (who have every benefit) never see an upgrade prompt: header item, home promo, menus,
 * /welcome-premium and /subscribe.
 */
export const offersPremium = (user: Pick<SessionUser, 'isPremium' | 'isAdmin'> | null | undefined): boolean =>
  !user || !(user.isPremium || user.isAdmin)
