// The /admin panel's URLs (SPEC §2 Admin panel): every tab and content sub-tab has its own path, so a
// reload or a shared link opens the same screen. Pure: the page parses, the tab bars link.

export const ADMIN_TABS = [
  { id: 'analytics', label: 'Analytics', href: '/admin' },
  { id: 'content', label: 'Content', href: '/admin/content/posts' },
  { id: 'badges', label: 'Badges', href: '/admin/badges' },
  { id: 'live', label: 'Live', href: '/admin/live' },
  { id: 'seo-bot', label: 'SEO Bot', href: '/admin/seo-bot' },
  { id: 'settings', label: 'Settings', href: '/admin/settings' },
] as const

export type AdminTabId = (typeof ADMIN_TABS)[number]['id']

export const CONTENT_SECTIONS = [
  { id: 'posts', label: 'Posts', href: '/admin/content/posts' },
  { id: 'new-post', label: 'New Post', href: '/admin/content/new-post' },
  { id: 'categories', label: 'Categories', href: '/admin/content/categories' },
  { id: 'announcements', label: 'Announcements', href: '/admin/content/announcements' },
  { id: 'youtube-import', label: 'YouTube Import', href: '/admin/content/youtube-import' },
  { id: 'video-upload', label: 'Video Upload', href: '/admin/content/video-upload' },
  { id: 'videos', label: 'Videos', href: '/admin/content/videos' },
] as const

export type ContentSectionId = (typeof CONTENT_SECTIONS)[number]['id'] | 'edit-post'

export type AdminRoute =
  | { tab: Exclude<AdminTabId, 'content'> }
  | { tab: 'content'; section: Exclude<ContentSectionId, 'edit-post'> }
  | { tab: 'content'; section: 'edit-post'; postId: number }
  | { tab: 'analytics'; item: { kind: 'video' | 'post'; id: string } }

/** The edit screen of one post. */
export const editPostHref = (postId: number | string) => `/admin/content/posts/${postId}/edit`

const POSITIVE_ID = /^[1-9][0-9]{0,9}$/

/** The analytics page of one video or post (reached from the Analytics tab's top lists). */
export const analyticsItemHref = (kind: 'video' | 'post', id: string) => `/admin/analytics/${kind}/${encodeURIComponent(id)}`
const ITEM_ID = /^[^/\s]{1,200}$/

/**
 * `path` is what follows `/admin/` (no leading slash, may be empty or undefined). Null for a path
 * the panel does not have (the page answers 404). `/admin/analytics` is the same tab as `/admin`,
 * `/admin/content` the same as its posts list.
 */
export function parseAdminPath(path: string | undefined | null): AdminRoute | null {
  const parts = (path ?? '').split('/').filter(Boolean)
  const [first, second, third, fourth, ...rest] = parts
  if (!first) return { tab: 'analytics' }
  if (first === 'content') {
    if (!second) return rest.length || third ? null : { tab: 'content', section: 'posts' }
    if (second === 'posts' && third && fourth === 'edit' && !rest.length) {
      return POSITIVE_ID.test(third) ? { tab: 'content', section: 'edit-post', postId: Number(third) } : null
    }
    const section = CONTENT_SECTIONS.find((s) => s.id === second)
    return section && !third ? { tab: 'content', section: section.id } : null
  }
  if (first === 'analytics' && (second === 'video' || second === 'post') && third && !fourth) {
    return ITEM_ID.test(third) ? { tab: 'analytics', item: { kind: second, id: third } } : null
  }
  if (second) return null
  const tab = ADMIN_TABS.find((t) => t.id === first)
  return tab && tab.id !== 'content' ? { tab: tab.id } : null
}

/** The content sub-tab a route highlights ('edit-post' sits under Posts). */
export function contentSectionOf(route: AdminRoute): ContentSectionId | null {
  if (route.tab !== 'content') return null
  return route.section === 'edit-post' ? 'posts' : route.section
}
