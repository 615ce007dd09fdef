import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { buildConfig, type PayloadRequest } from 'payload'
import sharp from 'sharp'

import { CMS_DATE_TIME_FORMAT, SITE_NAME, SITE_TIME_ZONE, SITE_TIME_ZONE_LABEL } from './shared/constants'
import { Announcements } from './cms/collections/Announcements'
import { Avatars } from './cms/collections/Avatars'
import { Categories } from './cms/collections/Categories'
import { Bookmarks } from './cms/collections/Bookmarks'
import { CommentLikes } from './cms/collections/CommentLikes'
import { CommentReactions } from './cms/collections/CommentReactions'
import { Comments } from './cms/collections/Comments'
import { ContentTags } from './cms/collections/ContentTags'
import { Media } from './cms/collections/Media'
import { Payments } from './cms/collections/Payments'
import { PaypalWebhookEvents } from './cms/collections/PaypalWebhookEvents'
import { Posts } from './cms/collections/Posts'
import { Achievements } from './cms/collections/Achievements'
import { AnalyticsDaily } from './cms/collections/AnalyticsDaily'
import { PageViews } from './cms/collections/PageViews'
import { UserSessions } from './cms/collections/UserSessions'
import { VideoAnalytics } from './cms/collections/VideoAnalytics'
import { LeaderboardEntries } from './cms/collections/LeaderboardEntries'
import { Levels } from './cms/collections/Levels'
import { LiveChatMessages } from './cms/collections/LiveChatMessages'
import { LiveChatMutes } from './cms/collections/LiveChatMutes'
import { LiveStreams } from './cms/collections/LiveStreams'
import { LiveStreamViewers } from './cms/collections/LiveStreamViewers'
import { PointActivities } from './cms/collections/PointActivities'
import { PostReads } from './cms/collections/PostReads'
import { PostTags } from './cms/collections/PostTags'
import { Recommendations } from './cms/collections/Recommendations'
import { UserAchievements } from './cms/collections/UserAchievements'
import { UserMoods } from './cms/collections/UserMoods'
import { UserPreferences } from './cms/collections/UserPreferences'
import { Users } from './cms/collections/Users'
import { VideoProgress } from './cms/collections/VideoProgress'
import { Videos } from './cms/collections/Videos'
import { VideoTags } from './cms/collections/VideoTags'
import { editor } from './cms/editor'
import { VideoViews } from './cms/collections/VideoViews'
import { adminTranslations } from './cms/components/translations'
import { siteZoneDates } from './cms/fields/site-zone-dates'
import { withYesNoCheckboxCells } from './cms/fields/yes-no-cells'
import { SiteSettings } from './cms/globals/SiteSettings'
import { YoutubeSync } from './cms/globals/YoutubeSync'
import { SeoBotState } from './cms/globals/SeoBotState'
import { SeoProposals } from './cms/collections/SeoProposals'
import { seoBotTask } from './cms/services/seo-bot/task'
import { requestUser, userIsAdmin } from './cms/access/roles'
import { answerDatabaseUnavailable } from './cms/hooks/database-unavailable'
import { clearsItemPages, clearsPageCache, globalClearsPageCache } from './cms/hooks/page-cache'
import { migrations } from './cms/migrations'
import { analyticsRollupTask } from './cms/services/analytics/task'
import { commentPageTags } from './cms/services/comments/page-tags'
import { TRANSCODE_RECOVERY_QUEUE, transcodeRecoveryCron, videoTranscodeRecoveryTask, videoTranscodeTask } from './cms/services/video-transcode/task'
import { videoFilesRemovalTask } from './cms/services/video-upload/jobs'
import { youtubeSyncTask } from './cms/services/youtube/task'
import { LIVE_QUEUE, liveGraceEndTask, liveReplayTask } from './cms/services/live/jobs'
import { withoutJobStatsLocks } from './cms/plugins/job-stats-locks'
import { seo } from './cms/plugins/seo'
import { storage } from './cms/plugins/storage'
import { logger } from './server/logger'

const dirname = path.dirname(fileURLToPath(import.meta.url))

// Dates /cms renders on the server (the version compare header) read in the site's zone, as the
// browser's do (cms/components/SiteTimeZoneProvider.tsx, server/cms-time-zone-patch.ts).
;(globalThis as { __cmsDisplayTimeZone?: string }).__cmsDisplayTimeZone = SITE_TIME_ZONE

/**
 * Payload's document locks live in a collection every signed-in user may write, so a member
 * could lock posts against the admins. One creator edits here: locks are off.
 */
const withoutDocumentLocks = <T extends object>(config: T): T => ({ ...config, lockDocuments: false })

/**
 * Origins whose requests may use the session cookie (Payload's CSRF allow-list): the public URL,
 * the loopback names of this port, and any extra ones in CSRF_ORIGINS (comma-separated).
 */
const port = process.env.PORT ?? '3000'
const allowedOrigins = [
  process.env.SERVER_URL,
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
  ...(process.env.CSRF_ORIGINS ?? '').split(','),
]
  .map((origin) => origin?.trim().replace(/\/$/, ''))
  .filter((origin): origin is string => Boolean(origin))

export default buildConfig({
  serverURL: process.env.SERVER_URL ?? '',
  secret: process.env.PAYLOAD_SECRET ?? '',
  routes: { admin: '/cms', api: '/cms/api' },
  csrf: [...new Set(allowedOrigins)],
  admin: {
    user: Users.slug,
    importMap: {
      baseDir: path.resolve(dirname, 'cms'),
      importMapFile: path.resolve(dirname, 'cms/app/(payload)/cms/importMap.js'),
    },
    meta: { titleSuffix: ` — ${SITE_NAME} CMS` },
    // Payload's default is the account's Gravatar: an image from another site (none may load here).
    avatar: 'default',
    // Dates in /cms read like the site's ('Nov 24, 2025 at 8:26 PM'), not Payload's 'November 24th 2025'.
    dateFormat: CMS_DATE_TIME_FORMAT,
    // Times picked in /cms (Schedule Publish) are the site's, on the one zone the site's dates
    // read in, not the browser's; as the early-access and announcement dates pin it.
    timezones: { supportedTimezones: [{ label: SITE_TIME_ZONE_LABEL, value: SITE_TIME_ZONE }], defaultTimezone: SITE_TIME_ZONE },
    // The login screen offers "Forgot password?" only while password reset is on (PASSWORD_RESET).
    components: {
      views: { login: { Component: '/components/login/CmsLoginView#CmsLoginView', path: '/login' } },
      // Dates in version history and lists read in the site's zone too (server/cms-time-zone-patch.ts).
      providers: ['/components/SiteTimeZoneProvider#SiteTimeZoneProvider'],
    },
  },
  // Confirmation dialogs that show a title exactly as written (cms/components/translations.ts).
  i18n: { translations: adminTranslations },
  collections: [
    // What readers see: a change drops the cached visitor pages (server/page-cache.ts) and the
    // cached content queries (cms/services/cache). Media too: featured images and posters.
    // In the order /cms lists them: the creator's content first, then the community.
    // Comments show on their video's page only: a comment clears that page, not every page.
    ...[Posts, Videos, Categories, Announcements, Media].map(clearsPageCache),
    clearsItemPages(Comments, commentPageTags),
    ...[Users, Avatars].map(clearsPageCache),
    // High-frequency writes whose staleness the cache's TTL bounds: views, likes, reactions.
    VideoViews, Bookmarks, CommentLikes, CommentReactions,
    // Premium's ledger, written only by cms/services/premium: read-only in /cms.
    Payments, PaypalWebhookEvents,
    // Gamification: the points ledger and what it keeps up to date (cms/services/points).
    PointActivities, Levels, Achievements, UserAchievements, LeaderboardEntries, VideoProgress, PostReads,
    // Analytics, written only by cms/services/analytics (and the progress beats): read-only in /cms.
    PageViews, UserSessions, VideoAnalytics, AnalyticsDaily,
    // The SEO bot's proposals, written only by cms/services/seo-bot: admins read them.
    SeoProposals,
    // Live streams (cms/services/live): the streams, who watches now, and the members' chat.
    LiveStreams, LiveStreamViewers, LiveChatMessages, LiveChatMutes,
    // For You (cms/services/recommendations): the tag vocabulary and mood map (what pages show:
    // a change clears the caches, the recommender's catalog with them), and each member's moods,
    // settings and recommendations.
    ...[ContentTags, VideoTags, PostTags].map(clearsPageCache),
    UserMoods, UserPreferences, Recommendations,
  ]
    .map(withoutDocumentLocks)
    // Checkbox columns read Yes/No in every list.
    .map(withYesNoCheckboxCells),
  globals: [globalClearsPageCache(SiteSettings), YoutubeSync, SeoBotState].map(withoutDocumentLocks),
  // Background work (scheduled publishing, the analytics rollup) as rows in `payload-jobs`, run by
  // the server process only (getPayload({ cron: true }) in server/payload.ts), never by `payload
  // generate`, migrate or the build. autoRun also queues scheduled tasks (`schedule`) in its queue.
  // Its REST doors are admin-only (the jobs collection's own access is closed).
  jobs: {
    tasks: [analyticsRollupTask, videoTranscodeTask, videoTranscodeRecoveryTask, videoFilesRemovalTask, youtubeSyncTask, seoBotTask, liveGraceEndTask, liveReplayTask],
    autoRun: [
      { cron: process.env.JOBS_CRON || '* * * * *', queue: 'default', limit: 10 },
      // Uploads' transcodes (cms/services/video-transcode) have no autoRun of their own: they run
      // TRANSCODE_CONCURRENCY at a time (runTranscodeQueue), ticked by this queue's recovery sweep,
      // which also queues again within a minute transcodes cut off by a crash (not at JOBS_CRON's pace).
      { cron: transcodeRecoveryCron(), queue: TRANSCODE_RECOVERY_QUEUE, limit: 1 },
      // Live streams (cms/services/live): grace-period ends (due at the end of the grace) and replays.
      { cron: process.env.JOBS_CRON || '* * * * *', queue: LIVE_QUEUE, limit: 5 },
    ],
    access: Object.fromEntries((['run', 'queue', 'cancel'] as const).map((door) => [door, ({ req }: { req: PayloadRequest }) => userIsAdmin(requestUser(req))])),
  },
  editor,
  // Posts' search and social fields (a `meta` group): cms/plugins/seo.ts. Then every moment /cms
  // shows (list columns, timestamps too, and date fields) on the site's time zone (cms/fields/site-zone-dates.ts).
  // Uploads (media, avatars) go to the S3 bucket when S3_BUCKET is set (cms/plugins/storage.ts).
  plugins: [seo, storage(), siteZoneDates],
  db: postgresAdapter({
    pool: { connectionString: process.env.DATABASE_URL ?? '', max: Number(process.env.DATABASE_POOL_MAX ?? 10) },
    // Schema changes ship as migrations (cms/migrations); `push` only for `npm run dev` experiments.
    push: process.env.PAYLOAD_DB_PUSH === 'true',
    migrationDir: path.resolve(dirname, 'cms/migrations'),
    prodMigrations: migrations,
  }),
  // While PostgreSQL is away, /cms/api answers 503 like every other door (not Payload's 500).
  hooks: { afterError: [answerDatabaseUnavailable] },
  graphQL: { disable: true },
  sharp,
  telemetry: false,
  // The server's logger: secrets and SQL values scrubbed, refused requests on one line (server/logger.ts).
  logger,
  typescript: { outputFile: path.resolve(dirname, 'cms/payload-types.ts'), autoGenerate: false },
}).then(withoutJobStatsLocks)
