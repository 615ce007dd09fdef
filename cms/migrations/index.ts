import * as migration_20261122_000501_initial from './20261122_000501_initial';
import * as migration_20261122_002048_video_views from './20261122_002048_video_views';
import * as migration_20261122_002107_posts_search from './20261122_002107_posts_search';
import * as migration_20261122_003441_member_interactions from './20261122_003441_member_interactions';
import * as migration_20261122_013859_no_document_locks from './20261122_013859_no_document_locks';
import * as migration_20261125_015746_posts_published_at from './20261125_015746_posts_published_at';
import * as migration_20261125_020158_posts_previous_slugs from './20261125_020158_posts_previous_slugs';
import * as migration_20261125_021034_users_confirm_admin_change from './20261125_021034_users_confirm_admin_change';
import * as migration_20261125_033818_announcements_times from './20261125_033818_announcements_times';
import * as migration_20261125_034115_member_avatars from './20261125_034115_member_avatars';
import * as migration_20261125_043016_media_responsive_images from './20261125_043016_media_responsive_images';
import * as migration_20261125_043049_media_no_square from './20261125_043049_media_no_square';
import * as migration_20261125_044219_posts_seo_meta from './20261125_044219_posts_seo_meta';
import * as migration_20261125_044436_key_moments_rows from './20261125_044436_key_moments_rows';
import * as migration_20261125_044617_posts_drafts_versions_jobs from './20261125_044617_posts_drafts_versions_jobs';
import * as migration_20261125_064544_site_settings_support_email from './20261125_064544_site_settings_support_email';
import * as migration_20261125_064554_site_settings_plan_from_env from './20261125_064554_site_settings_plan_from_env';
import * as migration_20261125_070526_early_access from './20261125_070526_early_access';
import * as migration_20261125_070628_premium_paypal from './20261125_070628_premium_paypal';
import * as migration_20261125_070629_premium_existing_members from './20261125_070629_premium_existing_members';
import * as migration_20261125_072725_points_ledger from './20261125_072725_points_ledger';
import * as migration_20261125_072726_points_catalogue from './20261125_072726_points_catalogue';
import * as migration_20261125_072727_points_columns_guard from './20261125_072727_points_columns_guard';
import * as migration_20261125_095918_site_settings_admin from './20261125_095918_site_settings_admin';
import * as migration_20261125_095919_admin_user_search from './20261125_095919_admin_user_search';
import * as migration_20261125_112045_analytics from './20261125_112045_analytics';
import * as migration_20261125_112046_analytics_indexes from './20261125_112046_analytics_indexes';
import * as migration_20261125_131026_video_uploads from './20261125_131026_video_uploads';
import * as migration_20261125_135056_youtube_sync from './20261125_135056_youtube_sync';
import * as migration_20261125_135439_seo_bot from './20261125_135439_seo_bot';
import * as migration_20261125_141333_comment_votes_replies from './20261125_141333_comment_votes_replies';
import * as migration_20261127_040000_date_of_birth_noon from './20261127_040000_date_of_birth_noon';
import * as migration_20261127_070152_live_streams from './20261127_070152_live_streams';
import * as migration_20261127_071329_live_jobs from './20261127_071329_live_jobs';
import * as migration_20261127_100111_for_you from './20261127_100111_for_you';
import * as migration_20261127_151909_video_files_removal from './20261127_151909_video_files_removal';
import * as migration_20261127_170409_seo_proposal_decisions from './20261127_170409_seo_proposal_decisions';
import * as migration_20261127_170423_analytics_sources_retention from './20261127_170423_analytics_sources_retention';
import * as migration_20261127_170610_video_visibility from './20261127_170610_video_visibility';
import * as migration_20261127_170709_video_media_tools from './20261127_170709_video_media_tools';
import * as migration_20261127_200000_rate_limits from './20261127_200000_rate_limits';
import * as migration_20261127_200033_media_object_storage from './20261127_200033_media_object_storage';

export const migrations = [
  {
    up: migration_20261122_000501_initial.up,
    down: migration_20261122_000501_initial.down,
    name: '20261122_000501_initial',
  },
  {
    up: migration_20261122_002048_video_views.up,
    down: migration_20261122_002048_video_views.down,
    name: '20261122_002048_video_views',
  },
  {
    up: migration_20261122_002107_posts_search.up,
    down: migration_20261122_002107_posts_search.down,
    name: '20261122_002107_posts_search',
  },
  {
    up: migration_20261122_003441_member_interactions.up,
    down: migration_20261122_003441_member_interactions.down,
    name: '20261122_003441_member_interactions',
  },
  {
    up: migration_20261122_013859_no_document_locks.up,
    down: migration_20261122_013859_no_document_locks.down,
    name: '20261122_013859_no_document_locks',
  },
  {
    up: migration_20261125_015746_posts_published_at.up,
    down: migration_20261125_015746_posts_published_at.down,
    name: '20261125_015746_posts_published_at',
  },
  {
    up: migration_20261125_020158_posts_previous_slugs.up,
    down: migration_20261125_020158_posts_previous_slugs.down,
    name: '20261125_020158_posts_previous_slugs',
  },
  {
    up: migration_20261125_021034_users_confirm_admin_change.up,
    down: migration_20261125_021034_users_confirm_admin_change.down,
    name: '20261125_021034_users_confirm_admin_change',
  },
  {
    up: migration_20261125_033818_announcements_times.up,
    down: migration_20261125_033818_announcements_times.down,
    name: '20261125_033818_announcements_times',
  },
  {
    up: migration_20261125_034115_member_avatars.up,
    down: migration_20261125_034115_member_avatars.down,
    name: '20261125_034115_member_avatars',
  },
  {
    up: migration_20261125_043016_media_responsive_images.up,
    down: migration_20261125_043016_media_responsive_images.down,
    name: '20261125_043016_media_responsive_images',
  },
  {
    up: migration_20261125_043049_media_no_square.up,
    down: migration_20261125_043049_media_no_square.down,
    name: '20261125_043049_media_no_square',
  },
  {
    up: migration_20261125_044219_posts_seo_meta.up,
    down: migration_20261125_044219_posts_seo_meta.down,
    name: '20261125_044219_posts_seo_meta',
  },
  {
    up: migration_20261125_044436_key_moments_rows.up,
    down: migration_20261125_044436_key_moments_rows.down,
    name: '20261125_044436_key_moments_rows',
  },
  {
    up: migration_20261125_044617_posts_drafts_versions_jobs.up,
    down: migration_20261125_044617_posts_drafts_versions_jobs.down,
    name: '20261125_044617_posts_drafts_versions_jobs',
  },
  {
    up: migration_20261125_064544_site_settings_support_email.up,
    down: migration_20261125_064544_site_settings_support_email.down,
    name: '20261125_064544_site_settings_support_email',
  },
  {
    up: migration_20261125_064554_site_settings_plan_from_env.up,
    down: migration_20261125_064554_site_settings_plan_from_env.down,
    name: '20261125_064554_site_settings_plan_from_env',
  },
  {
    up: migration_20261125_070526_early_access.up,
    down: migration_20261125_070526_early_access.down,
    name: '20261125_070526_early_access',
  },
  {
    up: migration_20261125_070628_premium_paypal.up,
    down: migration_20261125_070628_premium_paypal.down,
    name: '20261125_070628_premium_paypal',
  },
  {
    up: migration_20261125_070629_premium_existing_members.up,
    down: migration_20261125_070629_premium_existing_members.down,
    name: '20261125_070629_premium_existing_members',
  },
  {
    up: migration_20261125_072725_points_ledger.up,
    down: migration_20261125_072725_points_ledger.down,
    name: '20261125_072725_points_ledger',
  },
  {
    up: migration_20261125_072726_points_catalogue.up,
    down: migration_20261125_072726_points_catalogue.down,
    name: '20261125_072726_points_catalogue',
  },
  {
    up: migration_20261125_072727_points_columns_guard.up,
    down: migration_20261125_072727_points_columns_guard.down,
    name: '20261125_072727_points_columns_guard',
  },
  {
    up: migration_20261125_095918_site_settings_admin.up,
    down: migration_20261125_095918_site_settings_admin.down,
    name: '20261125_095918_site_settings_admin',
  },
  {
    up: migration_20261125_095919_admin_user_search.up,
    down: migration_20261125_095919_admin_user_search.down,
    name: '20261125_095919_admin_user_search',
  },
  {
    up: migration_20261125_112045_analytics.up,
    down: migration_20261125_112045_analytics.down,
    name: '20261125_112045_analytics',
  },
  {
    up: migration_20261125_112046_analytics_indexes.up,
    down: migration_20261125_112046_analytics_indexes.down,
    name: '20261125_112046_analytics_indexes',
  },
  {
    up: migration_20261125_131026_video_uploads.up,
    down: migration_20261125_131026_video_uploads.down,
    name: '20261125_131026_video_uploads',
  },
  {
    up: migration_20261125_135056_youtube_sync.up,
    down: migration_20261125_135056_youtube_sync.down,
    name: '20261125_135056_youtube_sync',
  },
  {
    up: migration_20261125_135439_seo_bot.up,
    down: migration_20261125_135439_seo_bot.down,
    name: '20261125_135439_seo_bot',
  },
  {
    up: migration_20261125_141333_comment_votes_replies.up,
    down: migration_20261125_141333_comment_votes_replies.down,
    name: '20261125_141333_comment_votes_replies',
  },
  {
    up: migration_20261127_040000_date_of_birth_noon.up,
    down: migration_20261127_040000_date_of_birth_noon.down,
    name: '20261127_040000_date_of_birth_noon',
  },
  {
    up: migration_20261127_070152_live_streams.up,
    down: migration_20261127_070152_live_streams.down,
    name: '20261127_070152_live_streams',
  },
  {
    up: migration_20261127_071329_live_jobs.up,
    down: migration_20261127_071329_live_jobs.down,
    name: '20261127_071329_live_jobs',
  },
  {
    up: migration_20261127_100111_for_you.up,
    down: migration_20261127_100111_for_you.down,
    name: '20261127_100111_for_you',
  },
  {
    up: migration_20261127_151909_video_files_removal.up,
    down: migration_20261127_151909_video_files_removal.down,
    name: '20261127_151909_video_files_removal',
  },
  {
    up: migration_20261127_170409_seo_proposal_decisions.up,
    down: migration_20261127_170409_seo_proposal_decisions.down,
    name: '20261127_170409_seo_proposal_decisions',
  },
  {
    up: migration_20261127_170423_analytics_sources_retention.up,
    down: migration_20261127_170423_analytics_sources_retention.down,
    name: '20261127_170423_analytics_sources_retention',
  },
  {
    up: migration_20261127_170610_video_visibility.up,
    down: migration_20261127_170610_video_visibility.down,
    name: '20261127_170610_video_visibility',
  },
  {
    up: migration_20261127_170709_video_media_tools.up,
    down: migration_20261127_170709_video_media_tools.down,
    name: '20261127_170709_video_media_tools',
  },
  {
    up: migration_20261127_200000_rate_limits.up,
    down: migration_20261127_200000_rate_limits.down,
    name: '20261127_200000_rate_limits',
  },
  {
    up: migration_20261127_200033_media_object_storage.up,
    down: migration_20261127_200033_media_object_storage.down,
    name: '20261127_200033_media_object_storage',
  },
];
