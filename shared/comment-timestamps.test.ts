import { describe, expect, it } from 'vitest'

import { splitTimestamps } from './comment-timestamps'

describe('splitTimestamps', () => {
  it('finds m:ss and h:mm:ss', () => {
    expect(splitTimestamps('at 3:15 and 1:02:03!')).toEqual([
      { text: 'at ' },
      { text: '3:15', seconds: 195 },
      { text: ' and ' },
      { text: '1:02:03', seconds: 3723 },
      { text: '!' },
    ])
  })
  it('leaves out-of-range and longer runs alone', () => {
    expect(splitTimestamps('3:75 and 10:30:45:00 and 12:345')).toEqual([{ text: '3:75 and 10:30:45:00 and 12:345' }])
  })
  it('ignores stamps past the end of the video', () => {
    expect(splitTimestamps('at 9:00', 300)).toEqual([{ text: 'at 9:00' }])
  })
  it('keeps plain text whole', () => {
    expect(splitTimestamps('no time here')).toEqual([{ text: 'no time here' }])
  })
})
