// Badges and moderators, as the /admin Badges tab manages them (terms in README.md).
export { listUsersWithBadges, searchCondition, toAdminUserSummary } from './list'
export { badgesWithModerator, keepModeratorBadge, MODERATOR_BADGE } from './moderator-badge'
export { assertCanManageMembers, ONLY_ADMINS, type Caller } from './access'
export { addBadge, removeBadge, setModerator } from './writes'
