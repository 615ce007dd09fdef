import { describe, expect, it } from 'vitest'

import { toCodeLanguage } from './code-languages'

describe('toCodeLanguage', () => {
  it('keeps a language of the set and maps the usual fence aliases', () => {
    expect(toCodeLanguage('typescript')).toBe('typescript')
    expect(toCodeLanguage('TS')).toBe('typescript')
    expect(toCodeLanguage('sh')).toBe('bash')
    expect(toCodeLanguage('yml')).toBe('yaml')
  })

  it('makes anything else plain text', () => {
    for (const value of ['', 'rust', '__proto__', 'constructor', '"><script>', undefined, 42]) expect(toCodeLanguage(value)).toBe('plaintext')
  })
})
