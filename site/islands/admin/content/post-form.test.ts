import { describe, expect, it } from 'vitest'

import type { PostDetail } from '../../../../shared/types/content'
import { changeField, initialForm, shownValues } from './post-form'

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ')
const post = (over: Partial<PostDetail>): PostDetail =>
  ({ id: 1, title: 'T', slug: 't', excerpt: null, status: 'draft', readTime: null, categoryId: null, content: '', ...over }) as PostDetail

describe('the post form', () => {
  it('on creation the slug follows the title as typed, until the slug is typed by hand', () => {
    let form = changeField(initialForm(), 'title', 'Justice & Reform: Café Talks!')
    expect(shownValues(form).slug).toBe('justice-reform-cafe-talks')
    form = changeField(form, 'slug', 'my-own')
    form = changeField(form, 'title', 'Something else')
    expect(shownValues(form).slug).toBe('my-own')
    // Emptied, it follows the title again.
    expect(shownValues(changeField(form, 'slug', '')).slug).toBe('something-else')
  })

  it('excerpt (150 characters) and read time (words / 200 rounded up) follow the content as typed', () => {
    const form = changeField(initialForm(), 'content', `## Heading\n\n**${words(401)}**`)
    const shown = shownValues(form)
    expect(shown.readTime).toBe('3')
    expect(shown.excerpt.length).toBeLessThanOrEqual(150)
    expect(shown.excerpt.startsWith('Heading word0 word1')).toBe(true)
    expect(shownValues(initialForm()).readTime).toBe('')
  })

  it('a read time or excerpt typed by hand stays when the content changes', () => {
    let form = changeField(initialForm(), 'readTime', '9')
    form = changeField(form, 'excerpt', 'My summary')
    form = changeField(form, 'content', words(10))
    expect(shownValues(form)).toMatchObject({ readTime: '9', excerpt: 'My summary' })
  })

  it('an existing post keeps its slug; its excerpt and read time follow the content only if they were derived', () => {
    const derived = initialForm(post({ slug: 'kept', content: words(10), excerpt: words(10), readTime: 1 }))
    const edited = changeField(derived, 'content', words(450))
    expect(shownValues(changeField(edited, 'title', 'New title')).slug).toBe('kept')
    expect(shownValues(edited).readTime).toBe('3')
    expect(shownValues(edited).excerpt).not.toBe(words(10))

    const handMade = initialForm(post({ content: words(10), excerpt: 'Hand made', readTime: 7, categoryId: 4, status: 'published' }))
    expect(handMade.values).toMatchObject({ categoryId: '4', status: 'published' })
    expect(shownValues(changeField(handMade, 'content', words(450)))).toMatchObject({ excerpt: 'Hand made', readTime: '7' })
  })
})
