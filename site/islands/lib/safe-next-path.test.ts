import { describe, expect, it } from 'vitest'
import { safeNextPath } from './safe-next-path'

const origin = 'https://voices.example'

describe('safeNextPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeNextPath('/video/abc?t=10#comments', origin)).toBe('/video/abc?t=10#comments')
  })
  it.each([null, '', 'video/abc', '//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)'])(
    'falls back to / for %j',
    (raw) => {
      expect(safeNextPath(raw, origin)).toBe('/')
    },
  )
  it.each(['/.//evil.example', '/..//evil.example', '/%2e//evil.example', '/a/..//evil.example', '/.\\/evil.example'])(
    'keeps %j on this site even when normalising would make it protocol-relative',
    (raw) => {
      const next = safeNextPath(raw, origin)
      expect(next.startsWith('//') || next.startsWith('/\\')).toBe(false)
      expect(new URL(next, origin).origin).toBe(origin)
    },
  )
  it('never loops back to the account pages', () => {
    expect(safeNextPath('/login?next=/x', origin)).toBe('/')
    expect(safeNextPath('/register', origin)).toBe('/')
  })
})
