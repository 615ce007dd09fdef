// Video uploads (terms: README.md): the multipart door, resumable (tus) uploads, the one place
// the files live (storage.ts), and the transcode job that follows (../video-transcode).
export { videoUploadMaxBytes } from './config'
export { createUploadedVideo, type UploadInput } from './create'
export { listRecentUploads } from './list'
export { notAVideo, receiveMultipartUpload, UploadAborted, videoTooLarge, type ReceivedUpload } from './receive'
export { removeVideoFiles, videoIdOfMediaPath } from './storage'
export { processThumbnail } from './thumbnail'
export { addCaption, captionTracksFor, readWebVtt, removeCaption, type CaptionTrack } from './captions-store'
export { replaceVideoFile } from './replace'
export { replaceThumbnail } from './thumbnail'
