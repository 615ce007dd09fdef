import { describe, expect, it } from 'vitest'

import { ADMIN_TABS, CONTENT_SECTIONS, contentSectionOf, editPostHref, parseAdminPath } from './admin-routes'

describe('parseAdminPath', () => {
  it('opens analytics by default and under its own name', () => {
    expect(parseAdminPath(undefined)).toEqual({ tab: 'analytics' })
    expect(parseAdminPath('')).toEqual({ tab: 'analytics' })
    expect(parseAdminPath('analytics')).toEqual({ tab: 'analytics' })
    expect(parseAdminPath('analytics/video/abc_123')).toEqual({ tab: 'analytics', item: { kind: 'video', id: 'abc_123' } })
    expect(parseAdminPath('analytics/post/my-post')).toEqual({ tab: 'analytics', item: { kind: 'post', id: 'my-post' } })
    expect(parseAdminPath('analytics/video/abc/x')).toBeNull()
  })

  it('knows every top tab and content section the bars link to', () => {
    for (const tab of ADMIN_TABS) {
      const route = parseAdminPath(tab.href.replace(/^\/admin\/?/, ''))
      expect(route?.tab).toBe(tab.id)
    }
    for (const section of CONTENT_SECTIONS) {
      expect(parseAdminPath(section.href.replace('/admin/', ''))).toEqual({ tab: 'content', section: section.id })
    }
    expect(parseAdminPath('content')).toEqual({ tab: 'content', section: 'posts' })
  })

  it('opens a post for editing by its numeric id', () => {
    expect(parseAdminPath(editPostHref(42).replace('/admin/', ''))).toEqual({ tab: 'content', section: 'edit-post', postId: 42 })
    expect(contentSectionOf({ tab: 'content', section: 'edit-post', postId: 42 })).toBe('posts')
  })

  it('has no page for unknown or malformed paths', () => {
    for (const path of ['nope', 'badges/1', 'content/nope', 'content/posts/abc/edit', 'content/posts/0/edit', 'content/posts/1', 'content/posts/1/edit/x', 'content/categories/x', 'analytics/x']) {
      expect(parseAdminPath(path), path).toBeNull()
    }
  })
})
