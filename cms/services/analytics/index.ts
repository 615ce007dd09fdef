// Site analytics: page views, visits, video watch time, daily totals and the admin dashboard's reads (terms in README.md).
export { isBot } from './bots'
export { truncateIp } from './ip'
export { analyticsSessionId, sessionIdFor, siteDay } from './session-id'
export { createPageViewRecorder, stopAnalyticsRecorders, type PageViewRecorder } from './recorder'
export { runAnalyticsJob, rollUpDay, retentionDays } from './rollup'
export { analyticsRollupTask, ANALYTICS_TASK_SLUG } from './task'
export { getAnalyticsSummary, getUserCounts, getVideoStats } from './queries'
export { assertAnalyticsAdmin } from './access'
