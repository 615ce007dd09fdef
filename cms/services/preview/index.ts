// Post previews: signed, expiring links to the latest draft rendered by the real post page. Terms: README.md.
export { getPostPreview, postPreviewUrl, type PostPreview } from './read'
export { createPreviewToken, verifyPreviewToken, PREVIEW_TTL_SECONDS, type PreviewTokenCheck } from './token'
