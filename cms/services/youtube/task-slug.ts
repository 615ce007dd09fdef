/** The sync job's task slug (payload_jobs.task_slug). */
export const YOUTUBE_SYNC_TASK_SLUG = 'youtubeSync'
