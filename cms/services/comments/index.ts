// The comments domain: posting, replies, listing, likes, reactions, votes, deletion (terms in README.md).
export { COMMENT_PAGE_SIZE, countVideoComments, getCreatorId, listComments, toCommentViews, type Viewer } from './list'
export { limitCommentPosting, postComment, postReply, type NewComment } from './post'
export { deleteComment, parseCommentId } from './delete'
export { likeComment, toggleReaction } from './interactions'
export { voteOnComment } from './votes'
export { normalizeCommentText } from './text'
