import { describe, expect, it } from 'vitest'

import { announcementParagraphs, safeAnnouncementHref } from './announcement-text'

describe('announcementParagraphs', () => {
  it('a blank line starts a paragraph; a single line break stays a break', () => {
    expect(announcementParagraphs('Doors open at 6.\nBring a friend.\n\nSee you there!')).toEqual([
      [{ text: 'Doors open at 6.' }, { br: true }, { text: 'Bring a friend.' }],
      [{ text: 'See you there!' }],
    ])
  })

  it('Windows line endings and blank lines made of spaces split the same way; empty text gives nothing', () => {
    expect(announcementParagraphs('One\r\n  \r\nTwo')).toEqual([[{ text: 'One' }], [{ text: 'Two' }]])
    expect(announcementParagraphs('  \n\n ')).toEqual([])
  })

  it('bare addresses become links, without the sentence punctuation after them', () => {
    expect(announcementParagraphs('Sign up at https://example.org/drive. Or www.example.com, today')).toEqual([
      [
        { text: 'Sign up at ' },
        { text: 'https://example.org/drive', href: 'https://example.org/drive' },
        { text: '. Or ' },
        { text: 'www.example.com', href: 'https://www.example.com/' },
        { text: ', today' },
      ],
    ])
  })

  it('[words](address) links the words; site paths and mailto are allowed', () => {
    expect(announcementParagraphs('Read [the guide](/post/guide) or [write to us](mailto:hi@example.org)')).toEqual([
      [
        { text: 'Read ' },
        { text: 'the guide', href: '/post/guide' },
        { text: ' or ' },
        { text: 'write to us', href: 'mailto:hi@example.org' },
      ],
    ])
  })

  it('unsafe addresses stay text: javascript:, data:, protocol-relative', () => {
    const [paragraph] = announcementParagraphs('[click](javascript:alert(1)) [x](data:text/html,hi) [y](//evil.example)')
    expect(paragraph!.every((part) => !('href' in part))).toBe(true)
    expect(paragraph!.map((part) => ('text' in part ? part.text : '\n')).join('')).toContain('[click](javascript:alert(1)')
  })

  it('markup is kept as text, never interpreted', () => {
    expect(announcementParagraphs('<script>alert(1)</script>')).toEqual([[{ text: '<script>alert(1)</script>' }]])
  })
})

describe('safeAnnouncementHref', () => {
  it('allows http(s), mailto and same-site paths only', () => {
    expect(safeAnnouncementHref('https://example.org/a?b=1')).toBe('https://example.org/a?b=1')
    expect(safeAnnouncementHref('/videos')).toBe('/videos')
    expect(safeAnnouncementHref('//evil.example')).toBeNull()
    expect(safeAnnouncementHref('JavaScript:alert(1)')).toBeNull()
    expect(safeAnnouncementHref('ftp://example.org')).toBeNull()
  })
})
