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
  it('never loops back to the account pages', () => {
    expect(safeNextPath('/login?next=/x', origin)).toBe('/')
    expect(safeNextPath('/register', origin)).toBe('/')
  })
})
