// The /admin Content tab's strings that the spec leaves "not shown" (SPEC §8 gives only the
// blog delete and announcement failures, kept in ./messages): our wording, in the spec's voice.

export const SAVED = 'Saved'
export const DELETED = 'Deleted'

// Posts
export const POST_CREATED = 'Post created'
export const postCreatedDescription = (title: string, published: boolean) =>
  published ? `“${title}” is published.` : `“${title}” is saved as a draft.`
export const POST_UPDATED = 'Post updated'
export const postUpdatedDescription = (title: string, published: boolean) =>
  published ? `“${title}” is saved and published.` : `“${title}” is saved as a draft.`
export const POST_DELETED = 'Post deleted'
export const postDeletedDescription = (title: string) => `“${title}” has been deleted.`
export const FAILED_TO_CREATE_POST = 'Failed to create post'
export const FAILED_TO_UPDATE_POST = 'Failed to update post'
/** A save from an older copy than the latest (PUT /api/blog-posts/{id} with an older `updatedAt`): 409. */
export const POST_CHANGED_ELSEWHERE =
  'This post was changed elsewhere (in /cms or another tab) after you opened it, so this save was not made. Your text is still here: open the latest version to compare, copy what you need, then reload.'
/** A post whose body markdown cannot carry whole (cms/services/posts/README.md: markdown). */
export const POST_BODY_NEEDS_CMS =
  'This post has parts the markdown editor cannot keep (such as a link to another page of the site, underlined or centred text). Edit its content in /cms.'

// Categories
export const CATEGORY_CREATED = 'Category created'
export const CATEGORY_UPDATED = 'Category updated'
export const CATEGORY_DELETED = 'Category deleted'
export const FAILED_TO_CREATE_CATEGORY = 'Failed to create category'
export const FAILED_TO_UPDATE_CATEGORY = 'Failed to update category'
export const FAILED_TO_DELETE_CATEGORY = 'Failed to delete category'
export const CONFIRM_DELETE_CATEGORY = 'Are you sure you want to delete this category?'
export const NO_CATEGORIES = 'No categories yet. Add the first one above.'

// Announcements (failures to create or update: the server's message, else ./messages)
export const ANNOUNCEMENT_CREATED = 'Announcement created'
export const ANNOUNCEMENT_UPDATED = 'Announcement updated'
export const ANNOUNCEMENT_SHOWN = 'Announcement shown'
export const ANNOUNCEMENT_HIDDEN = 'Announcement hidden'
export const ANNOUNCEMENT_DELETED = 'Announcement deleted'
export const FAILED_TO_DELETE_ANNOUNCEMENT = 'Failed to delete announcement'
export const CONFIRM_DELETE_ANNOUNCEMENT = 'Are you sure you want to delete this announcement?'
export const NO_ANNOUNCEMENTS = 'No announcements yet. Write the first one above.'
