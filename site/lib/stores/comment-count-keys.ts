// Shared by the comment count store and the `client:count` directive (kept free of imports so the
// directive's inline script stays tiny).

/** Window event the comment count store fires when a count changes, so the count islands hydrate. */
export const COMMENT_COUNT_EVENT = 'voj:comment-count'
