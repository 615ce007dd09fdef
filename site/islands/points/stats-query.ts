// Query keys of the points API (SPEC §7: the first element is the URL). An award refreshes them.
export const STATS_QUERY_KEY = ['/api/user/stats'] as const
export const AFTER_AWARD_QUERY_KEYS = [STATS_QUERY_KEY, ['/api/achievements'], ['/api/user/recent-activities']] as const
