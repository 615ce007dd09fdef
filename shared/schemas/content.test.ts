import { describe, expect, it } from 'vitest'
import {
  announcementCreateSchema,
  announcementUpdateSchema,
  blogPostCreateSchema,
  blogPostUpdateSchema,
  bookmarkCreateSchema,
  bookmarkKeySchema,
  categoryCreateSchema,
  categoryUpdateSchema,
} from './content'
import { errorsOf } from './test-helpers'

describe('blogPostCreateSchema', () => {
  const post = { title: 'Voting Rights: What’s Next?', content: 'word '.repeat(450) }

  it('derives a lowercase hyphenated slug from the title, defaults to draft, derives excerpt and read time', () => {
    const data = blogPostCreateSchema.parse(post)
    expect(data.slug).toBe('voting-rights-whats-next')
    expect(data.status).toBe('draft')
    expect(data.readTime).toBe(3) // 450 words / 200, rounded up
    expect(data.excerpt.length).toBeLessThanOrEqual(150)
    expect(data.excerpt.endsWith('…')).toBe(true)
  })

  it('keeps what the editor sent', () => {
    const data = blogPostCreateSchema.parse({
      ...post,
      slug: 'custom-slug',
      excerpt: 'Mine.',
      readTime: '7',
      status: 'published',
      categoryId: '4',
    })
    expect(data).toMatchObject({ slug: 'custom-slug', excerpt: 'Mine.', readTime: 7, status: 'published', categoryId: 4 })
  })

  it("says 'Title is required' and 'Slug is required' when nothing can be derived", () => {
    expect(errorsOf(blogPostCreateSchema.safeParse({ title: '', content: 'x' }))).toEqual({ title: ['Title is required'] })
    expect(errorsOf(blogPostCreateSchema.safeParse({ title: '!!!', content: 'x' }))).toEqual({ slug: ['Slug is required'] })
  })

  it('rejects a slug that is not lowercase-hyphenated', () => {
    expect(errorsOf(blogPostCreateSchema.safeParse({ ...post, slug: 'Not A Slug' })).slug).toEqual([
      'Slug must be lowercase letters, numbers and hyphens',
    ])
  })

  it('requires content', () => {
    expect(errorsOf(blogPostCreateSchema.safeParse({ title: 'T', content: '  ' }))).toEqual({
      content: ['Content is required'],
    })
  })

  it('rejects an unknown status and a non-integer read time', () => {
    expect(blogPostCreateSchema.safeParse({ ...post, status: 'archived' }).success).toBe(false)
    expect(errorsOf(blogPostCreateSchema.safeParse({ ...post, readTime: '2.5' })).readTime).toEqual([
      'Read time must be a whole number of minutes',
    ])
  })
})

describe('blogPostUpdateSchema', () => {
  it("says 'Slug is required' when the slug is explicitly emptied", () => {
    expect(errorsOf(blogPostUpdateSchema.safeParse({ slug: '' }))).toEqual({ slug: ['Slug is required'] })
  })

  it('does not default the status on a partial update', () => {
    expect(blogPostUpdateSchema.parse({ title: 'New title' })).toEqual({ title: 'New title' })
  })
})

describe('categories', () => {
  it('derives the slug from the name and defaults to #0d6efd', () => {
    expect(categoryCreateSchema.parse({ name: 'World News' })).toEqual({
      name: 'World News',
      slug: 'world-news',
      color: '#0d6efd',
    })
  })

  it('accepts only the preset colours', () => {
    expect(categoryCreateSchema.parse({ name: 'Justice', color: '#198754' }).color).toBe('#198754')
    expect(errorsOf(categoryCreateSchema.safeParse({ name: 'Justice', color: '#123456' })).color).toEqual([
      'Please choose one of the preset colors',
    ])
  })

  it("requires a name and, on update, a non-empty slug", () => {
    expect(errorsOf(categoryCreateSchema.safeParse({ name: '' })).name).toEqual(['Name is required'])
    expect(errorsOf(categoryUpdateSchema.safeParse({ slug: '' })).slug).toEqual(['Slug is required'])
  })

  it('on update, an emptied description is cleared and a missing one left alone', () => {
    expect(categoryUpdateSchema.parse({ description: '  ' }).description).toBeNull()
    expect(categoryUpdateSchema.parse({ description: null }).description).toBeNull()
    expect(categoryUpdateSchema.parse({ name: 'X' }).description).toBeUndefined()
    expect(categoryUpdateSchema.parse({ description: ' About ' }).description).toBe('About')
  })
})

describe('announcements', () => {
  it('defaults to an active general announcement that never expires', () => {
    expect(announcementCreateSchema.parse({ title: 'Hello', content: 'World' })).toEqual({
      title: 'Hello',
      content: 'World',
      type: 'general',
      isActive: true,
    })
  })

  it('normalises an expiry date to an ISO instant and treats empty as none', () => {
    expect(announcementCreateSchema.parse({ title: 'T', content: 'C', expiresAt: '2025-07-01' }).expiresAt).toBe(
      '2025-07-01T00:00:00.000Z',
    )
    expect(announcementCreateSchema.parse({ title: 'T', content: 'C', expiresAt: '' }).expiresAt).toBeNull()
    expect(errorsOf(announcementCreateSchema.safeParse({ title: 'T', content: 'C', expiresAt: 'soon' })).expiresAt).toEqual([
      'Please enter a valid date',
    ])
  })

  it('refuses a calendar date that does not exist instead of rolling it over', () => {
    expect(errorsOf(announcementCreateSchema.safeParse({ title: 'T', content: 'C', expiresAt: '2025-02-30' })).expiresAt).toEqual([
      'Please enter a valid date',
    ])
    expect(announcementCreateSchema.safeParse({ title: 'T', content: 'C', expiresAt: '2028-02-29T10:00:00Z' }).success).toBe(true)
    for (const expiresAt of ['0000-01-01', '0001-01-01', '9999-12-31T23:59:59-23:59']) {
      expect(announcementCreateSchema.safeParse({ title: 'T', content: 'C', expiresAt }).success).toBe(false)
    }
  })

  it('accepts only the four types', () => {
    expect(announcementCreateSchema.safeParse({ title: 'T', content: 'C', type: 'urgent' }).success).toBe(true)
    expect(announcementCreateSchema.safeParse({ title: 'T', content: 'C', type: 'spam' }).success).toBe(false)
  })

  it('lets { isActive } alone toggle', () => {
    expect(announcementUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false })
  })
})

describe('bookmarks', () => {
  it('accepts a video or a blog post, with an optional thumbnail URL or site path', () => {
    expect(
      bookmarkCreateSchema.parse({ contentType: 'video', contentId: 'abc123', title: 'A video', thumbnailUrl: '' }),
    ).toEqual({ contentType: 'video', contentId: 'abc123', title: 'A video', thumbnailUrl: undefined })
    expect(
      bookmarkCreateSchema.parse({ contentType: 'blog_post', contentId: 12, title: 'A post', thumbnailUrl: '/media/x.jpg' })
        .contentId,
    ).toBe('12')
  })

  it('rejects other content types and unsafe thumbnails', () => {
    expect(bookmarkKeySchema.safeParse({ contentType: 'comment', contentId: '1' }).success).toBe(false)
    expect(
      bookmarkCreateSchema.safeParse({ contentType: 'video', contentId: '1', title: 'T', thumbnailUrl: 'javascript:x' })
        .success,
    ).toBe(false)
  })
})
