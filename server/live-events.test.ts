import { describe, expect, it } from 'vitest'

import { parseStreamId, sseData } from './live-events'

describe('live stream events route', () => {
  it('takes plain positive ids only', () => {
    expect(parseStreamId('12')).toBe(12)
    for (const raw of [undefined, '', '0', '-1', '1.5', '1e3', 'abc', '99999999999', '2147483648', ' 1']) expect(parseStreamId(raw)).toBeNull()
  })

  it('sends each event as one data line of JSON, however the body is written', () => {
    const text = sseData({ type: 'message', message: { body: 'line one\nline two\r\n\ndata: fake' } })
    expect(text.endsWith('\n\n')).toBe(true)
    expect(text.slice(0, -2).split('\n')).toHaveLength(1)
    expect(JSON.parse(text.slice('data: '.length))).toEqual({ type: 'message', message: { body: 'line one\nline two\r\n\ndata: fake' } })
  })
})
