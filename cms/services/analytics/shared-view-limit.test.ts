import { describe, expect, it } from 'vitest'

import { sharedPageViewLimiter } from './shared-view-limit'

// No payload: the store is this process's memory, which both limiters share as two servers share
// the database. Each test speaks from an address range of its own.
const shared = { perPath: 3, perClient: 5, windowMs: 60_000, maxKeys: 1000 }

describe('page view budgets shared by server processes', () => {
  it('two processes (each with its own local budgets) record what one would', async () => {
    const a = sharedPageViewLimiter(null, shared)
    const b = sharedPageViewLimiter(null, shared)
    const ip = '198.51.100.7'
    const answers = []
    for (const server of [a, b, a, b, a, b]) answers.push(await server.allow(ip, '/blog'))
    expect(answers).toEqual([true, true, true, false, false, false])
  })

  it('a view refused for the client’s total does not use up a path’s budget', async () => {
    const a = sharedPageViewLimiter(null, shared)
    const b = sharedPageViewLimiter(null, shared)
    const ip = '203.0.113.7'
    for (let i = 0; i < 5; i++) expect(await (i % 2 ? b : a).allow(ip, `/post/p-${i}`)).toBe(true)
    expect(await a.allow(ip, '/fresh')).toBe(false) // the client's 5 are spent, across both
    // A new window for the client's total would let /fresh through 3 times: its budget is untouched.
    const later = sharedPageViewLimiter(null, { ...shared, perClient: 100 })
    const fresh = []
    for (let i = 0; i < 4; i++) fresh.push(await later.allow(ip, '/fresh'))
    expect(fresh).toEqual([true, true, true, false])
  })
})
