// Posts (spec §3 Blog post): listing and full-text search, reads with the body as markdown,
// admin writes, and the sanitised HTML of the post page. Terms: README.md.
export { listPosts, type ListPostsInput } from './list'
export { findMovedPostSlug, getPostById, getPostBySlug, getPostPage, type PostPageData } from './read'
export { createPost, deletePost, updatePost } from './write'
export { renderPostHtml, postPlainText } from './html'
export { renderPostBody } from './body'
export { toPostSummary, toCategoryRef } from './serialize'
export { assertAdmin, type Caller } from './admin-only'
export { parseInput } from './params'
