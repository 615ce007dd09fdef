import { describe, expect, it } from 'vitest'

import { describeInterval } from '../../../shared/seo-bot'
import { seoBotInterval } from './schedule'

describe('the SEO bot interval', () => {
  it('is 5 minutes by default (SPEC §9), as a cron', () => {
    expect(seoBotInterval({})).toEqual({ ms: 300_000, cron: '*/5 * * * *' })
    expect(describeInterval(seoBotInterval({}).ms)).toBe('5 minutes')
  })

  it('follows SEO_BOT_INTERVAL_SECONDS, in seconds when it is not whole minutes', () => {
    expect(seoBotInterval({ SEO_BOT_INTERVAL_SECONDS: '3' })).toEqual({ ms: 3000, cron: '*/3 * * * * *' })
    expect(seoBotInterval({ SEO_BOT_INTERVAL_SECONDS: '600' })).toEqual({ ms: 600_000, cron: '*/10 * * * *' })
    expect(seoBotInterval({ SEO_BOT_INTERVAL_SECONDS: 'soon' }).ms).toBe(300_000)
    expect(describeInterval(3000)).toBe('3 seconds')
  })
})
