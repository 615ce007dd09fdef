import { describe, expect, it } from 'vitest'

import {
  defaultSeoDescription,
  defaultSeoTitle,
  generatedSeoDescription,
  generatedSeoTitle,
  postUrl,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  SEO_TITLE_TOO_LONG,
  seoDescriptionSchema,
  seoTitleSchema,
  validateWith,
} from './seo'

describe('post meta defaults and limits', () => {
  it('defaults to the title with the site name, and the excerpt or the title with the site name', () => {
    expect(defaultSeoTitle('Harbour news', 'Site')).toBe('Harbour news | Site')
    expect(defaultSeoDescription('Harbour news', 'The path reopens.', 'Site')).toBe('The path reopens.')
    expect(defaultSeoDescription('Harbour news', null, 'Site')).toBe('Harbour news — Site')
  })

  it('generates a title within the limit: the site name is dropped, then the title cut', () => {
    expect(generatedSeoTitle('Short', 'Site')).toBe('Short | Site')
    const long = 'A title that is long enough to push the site name past the limit!!'
    expect(generatedSeoTitle(long, 'Site')).toBe(long)
    const longer = 'word '.repeat(30)
    expect(generatedSeoTitle(longer, 'Site')).toHaveLength(SEO_TITLE_MAX)
    expect(generatedSeoTitle(longer, 'Site').endsWith('…')).toBe(true)
  })

  it('generates a description cut at a word within the limit', () => {
    const description = generatedSeoDescription('word '.repeat(100))
    expect(description.length).toBeLessThanOrEqual(SEO_DESCRIPTION_MAX)
    expect(description).toMatch(/^(word )+word…$/)
    expect(generatedSeoDescription('Short **and** plain.')).toBe('Short and plain.')
  })

  it('validates typed values: empty is fine, too long or two lines is not', () => {
    const title = validateWith(seoTitleSchema)
    expect(title('')).toBe(true)
    expect(title(null)).toBe(true)
    expect(title('t'.repeat(SEO_TITLE_MAX))).toBe(true)
    expect(title('t'.repeat(SEO_TITLE_MAX + 1))).toBe(SEO_TITLE_TOO_LONG)
    expect(title('one\ntwo')).toBe('The meta title is one line.')
    const description = validateWith(seoDescriptionSchema)
    expect(description('d'.repeat(SEO_DESCRIPTION_MAX))).toBe(true)
    expect(description('d'.repeat(SEO_DESCRIPTION_MAX + 1))).not.toBe(true)
  })

  it('addresses a post at /post/{slug}', () => {
    expect(postUrl('https://example.org/', 'harbour-news')).toBe('https://example.org/post/harbour-news')
  })
})
