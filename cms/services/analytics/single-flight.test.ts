import { describe, expect, it } from 'vitest'

import { sharedInFlight } from './single-flight'

describe('sharedInFlight', () => {
  it('runs one computation for requests that overlap, and a new one after it finished', async () => {
    let runs = 0
    let release!: () => void
    const compute = () => {
      runs++
      return new Promise<number>((resolve) => (release = () => resolve(runs)))
    }
    const a = sharedInFlight('k', compute)
    const b = sharedInFlight('k', compute)
    release()
    expect(await Promise.all([a, b])).toEqual([1, 1])
    const c = sharedInFlight('k', compute)
    release()
    expect(await c).toBe(2)
  })

  it('keeps keys apart, and a failure is not remembered', async () => {
    await expect(sharedInFlight('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await sharedInFlight('bad', () => Promise.resolve('up'))).toBe('up')
    expect(await Promise.all([sharedInFlight('x', async () => 'x'), sharedInFlight('y', async () => 'y')])).toEqual(['x', 'y'])
  })
})
