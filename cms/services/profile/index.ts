// The profile domain: public profiles, profile edits and pictures (terms in README.md).
export { getPublicProfile, parseUserId, pictureUrl, profileBadges, toPublicProfile, updateProfile, PUBLIC_USER_FIELDS } from './public-profile'
export { limitPictureUploads, uploadProfilePicture } from './picture'
export { processProfilePicture, PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_SIZE } from './image'
