// The comments domain: posting, listing, likes, reactions, deletion (terms in README.md).
export { COMMENT_PAGE_SIZE, getCreatorId, listComments, toCommentViews, type Viewer } from './list'
export { limitCommentPosting, postComment, type NewComment } from './post'
export { deleteComment, parseCommentId } from './delete'
export { likeComment, toggleReaction } from './interactions'
export { normalizeCommentText } from './text'
