import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import type { SessionUser } from '../../../shared/schemas/auth'
import type { CommentView } from '../../../shared/types/members'
import CommentsSection, { type CommentsSectionProps } from './CommentsSection'

const renderedAt = '2026-03-10T12:00:00.000Z'
const comment = (over: Partial<CommentView>): CommentView => ({
  id: 1,
  videoId: 'abc',
  authorId: null,
  authorName: 'Jane Doe',
  authorIsAdmin: false,
  authorIsPremium: false,
  content: 'Hello',
  createdAt: renderedAt,
  likeCount: 0,
  likedByMe: false,
  reactions: [],
  upCount: 0,
  downCount: 0,
  myVote: null,
  parentId: null,
  replies: [],
  canDelete: false,
  ...over,
})
const member = { id: 7, username: 'sam', isAdmin: false } as SessionUser

const render = (props: Partial<CommentsSectionProps> = {}) =>
  renderToString(
    createElement(CommentsSection, {
      videoId: 'abc',
      initialComments: [],
      initialCount: 0,
      viewer: null,
      creatorId: 1,
      renderedAt,
      ...props,
    }),
  )

describe('CommentsSection (server render)', () => {
  it('renders replies under their comment and clock times as links to that second', () => {
    const reply = comment({ id: 5, parentId: 4, authorName: 'Replier', content: 'see 1:02:03' })
    const html = render({
      initialCount: 2,
      initialComments: [comment({ id: 4, content: 'at 3:15 <b>', upCount: 2, downCount: 1, replies: [reply] })],
    })
    expect(html).toContain('href="/video/abc?t=195"')
    expect(html).toContain('aria-label="Play from 3:15"')
    expect(html).toContain('href="/video/abc?t=3723"')
    expect(html).toContain('&lt;b&gt;')
    expect(html).toContain('aria-label="Replies to Jane Doe"')
    expect(html).toContain('👍 2')
    expect(html).toContain('👎 1')
    expect(html).toContain('Comments (2)')
  })

  it('shows the empty state and the count', () => {
    const html = render()
    expect(html).toContain('Comments (0)')
    expect(html).toContain('No comments yet')
    expect(html).toContain('Be the first to share your thoughts on this video!')
  })

  it('renders markup in a comment as inert text', () => {
    const html = render({ initialComments: [comment({ content: '<script>alert(1)</script><img src=x onerror=alert(2)>' })], initialCount: 1 })
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;')
    expect(html).not.toMatch(/<script>alert|<img src="?x/)
  })

  it('shows initials, badges, relative time, the vote counts and Reply', () => {
    const html = render({
      initialCount: 2,
      initialComments: [
        comment({ id: 2, authorId: 1, authorName: 'creator', authorIsAdmin: true, createdAt: '2026-03-10T09:00:00.000Z' }),
        comment({ id: 3, authorId: 9, authorName: 'marcus_king', authorIsPremium: true, createdAt: '2026-02-01T00:00:00.000Z' }),
      ],
    })
    expect(html).toMatch(/>C<\/span>/)
    expect(html).toMatch(/>MK<\/span>/)
    expect(html).toContain('Creator')
    expect(html).toContain('Admin')
    expect(html).toContain('Premium')
    expect(html).toContain('3 hours ago')
    // Past 7 days: the date on the site's calendar (New York: midnight UTC on Feb 1 is still Jan 31).
    expect(html).toContain('Jan 31, 2026')
    expect(html).toContain('👍 0')
    expect(html).toContain('👎 0')
    expect(html).toContain('Reply')
    expect(html).toContain('href="/profile/9"')
  })

  it('gives members the like, reaction and delete controls; visitors the name and email fields', () => {
    const visitor = render({ initialComments: [comment({})], initialCount: 1 })
    expect(visitor).toContain('name="authorName"')
    expect(visitor).not.toContain('Add reaction')
    const signedIn = render({ viewer: member, initialComments: [comment({ canDelete: true, likedByMe: true, likeCount: 2 })], initialCount: 1 })
    expect(signedIn).not.toContain('name="authorName"')
    expect(signedIn).toContain('Commenting as')
    expect(signedIn).toContain('Add reaction')
    expect(signedIn).toContain('Comment options')
    // Disabled once liked; its name ('Liked 2') holds the count it shows.
    expect(signedIn).toMatch(/<button[^>]*disabled=""[^>]*>(?:(?!<\/button>).)*<span class="sr-only">Liked <\/span><span>2<\/span><\/button>/)
  })
})
