// Header and footer navigation data (SPEC §2 "Header and footer").

export interface NavItem {
  label: string
  href: string
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'Videos', href: '/vlog' },
  { label: 'News', href: '/blog' },
  { label: 'Topics', href: '/categories' },
  { label: 'For You', href: '/recommendations' },
  { label: 'Live', href: '/live' },
  { label: 'Leaderboard', href: '/leaderboard' },
  { label: 'Merch', href: '/merch' },
]

/** Shown to admins only. */
export const ADMIN_NAV_ITEM: NavItem = { label: 'Admin', href: '/admin' }

/** '/' is active only on '/'; any other item on its path and below it ('/blog', '/blog/x', not '/blogger'). */
export function isNavActive(pathname: string, href: string): boolean {
  const path = stripTrailingSlash(pathname.split(/[?#]/)[0] || '/')
  const target = stripTrailingSlash(href)
  if (target === '/') return path === '/'
  return path === target || path.startsWith(`${target}/`)
}

function stripTrailingSlash(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, '') || '/' : p
}

/** A footer entry; items without href render as plain text (the spec gives them no target). */
export interface FooterItem {
  label: string
  href?: string
}

export const FOOTER_DESCRIPTION =
  'A community platform for justice, news commentary and community videos, made for Black people and allies.'

export const FOOTER_CONTENT_LINKS: readonly FooterItem[] = [
  { label: 'Latest News', href: '/blog' },
  { label: 'Community Videos', href: '/vlog' },
  { label: 'Topics', href: '/categories' },
  { label: 'Archives' },
]

export const FOOTER_ABOUT_ITEMS: readonly FooterItem[] = [
  { label: 'My Story' },
  { label: 'Contact' },
  { label: 'Newsletter' },
  { label: 'RSS Feed', href: '/rss.xml' }, // the site's posts feed (issue "Reading and watching")
]

/** Not in the spec: which networks. The spec only says the icons have no target. */
export const FOOTER_SOCIAL_ITEMS: readonly FooterItem[] = [
  { label: 'YouTube' },
  { label: 'Instagram' },
  { label: 'X' },
  { label: 'Facebook' },
]

/**
 * A sign-in link that brings the reader back to `returnPath` (path and query of the page they are
 * on) once signed in; plain `/login` from the home page and from the account pages themselves.
 */
export function signInHref(returnPath: string): string {
  const path = returnPath.split('#')[0] ?? ''
  if (!path.startsWith('/') || path.startsWith('//') || path === '/' || /^\/(login|register)(\/|\?|$)/.test(path)) return '/login'
  return `/login?next=${encodeURIComponent(path)}`
}
