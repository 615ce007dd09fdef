import { describe, expect, it } from 'vitest'

import { normalizeCommentText, normalizeName } from './text'

describe('comment text', () => {
  it('keeps markup as literal text (rendering escapes it)', () => {
    expect(normalizeCommentText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>')
  })

  it('drops control and bidi-override characters, normalises newlines', () => {
    expect(normalizeCommentText('a\u0000b\u202Ec\r\nd\r\n\r\n\r\n\r\ne')).toBe('abc\nd\n\ne')
  })

  it('puts names on one line', () => {
    expect(normalizeName('  Jane \n  Doe\t')).toBe('Jane Doe')
  })
})
