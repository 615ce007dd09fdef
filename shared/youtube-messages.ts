// The YouTube import panel's toasts (SPEC §8: the failure titles and fallbacks are the spec's own;
// the success wording is ours).
export const IMPORT_FAILED = 'Import Failed'
export const MOCK_CREATION_FAILED = 'Mock Creation Failed'
export const SYNC_FAILED = 'Sync Failed'
export const FAILED_TO_IMPORT_VIDEOS = 'Failed to import videos'
export const FAILED_TO_CREATE_MOCK_VIDEOS = 'Failed to create mock videos'
export const FAILED_TO_SYNC_VIDEOS = 'Failed to sync videos'

export const IMPORT_COMPLETE = 'Import Complete'
export const MOCK_VIDEOS_CREATED = 'Mock Videos Created'
export const SYNC_COMPLETE = 'Sync Complete'

/** Marks the mock action's videos on the site and in /cms. */
export const DEMO_TITLE_PREFIX = '[Demo] '
