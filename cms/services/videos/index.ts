// The videos domain: lists, the video page, SEO fields and view counting (terms in README.md).
export { listVideos, nextPlayableVideo, nextVideo, recommendedVideos, NEWEST_FIRST, type Viewer } from './list'
export { canPlayVideo, findVideoDoc, getVideo, getVideoPageData, getVideoSeo, VIDEO_NOT_FOUND, type VideoPageData } from './get'
export { timestampSeconds, toKeyMoments, toVideoDetail, toVideoSeo, toVideoSummary, youtubeThumbnail } from './mappers'
export { hourBucket, trackView, trackViewsRule, VIEWER_COOKIE, viewerKey, type TrackViewResult, type ViewerClient } from './track-view'
export { adminVideoStatus, listAdminVideos, toAdminVideoRow, updateAdminVideo, ADMIN_VIDEOS_PER_PAGE } from './admin'
