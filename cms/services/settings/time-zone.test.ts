import { afterEach, describe, expect, it, vi } from 'vitest'

import { fallbackTimeZone, followSiteTimeZoneSetting, loadSiteTimeZone, resetSiteTimeZoneForTests, siteTimeZone } from './time-zone'

type Fake = { zone: string | null; reads: number }
const fakePayload = (fake: Fake) =>
  ({
    findGlobal: async () => {
      fake.reads += 1
      return { timeZone: fake.zone }
    },
    logger: { warn: () => undefined },
  }) as never

afterEach(() => {
  resetSiteTimeZoneForTests()
  vi.unstubAllEnvs()
})

describe('the site time zone', () => {
  it('falls back to SITE_TIME_ZONE, then New York', () => {
    expect(siteTimeZone()).toBe('America/New_York')
    vi.stubEnv('SITE_TIME_ZONE', 'europe/london')
    expect(fallbackTimeZone()).toBe('Europe/London')
    vi.stubEnv('SITE_TIME_ZONE', 'Not/AZone')
    expect(siteTimeZone()).toBe('America/New_York')
  })

  it('follows the setting, re-reading it in the background at most once per interval', async () => {
    vi.stubEnv('PAGE_CACHE_SECONDS', '10')
    const fake: Fake = { zone: 'America/Chicago', reads: 0 }
    expect(await loadSiteTimeZone(fakePayload(fake))).toBe('America/Chicago')
    fake.zone = 'Europe/Berlin'
    // Within the interval: the value in memory, no read.
    expect(siteTimeZone(Date.now() + 1000)).toBe('America/Chicago')
    expect(fake.reads).toBe(1)
    // Past it: still answers at once with what it has, and reads in the background.
    expect(siteTimeZone(Date.now() + 11_000)).toBe('America/Chicago')
    await vi.waitFor(() => expect(siteTimeZone()).toBe('Europe/Berlin'))
    expect(fake.reads).toBe(2)
  })

  it("follows this process's own save at once; clearing it goes back to the fallback", async () => {
    const fake: Fake = { zone: null, reads: 0 }
    await loadSiteTimeZone(fakePayload(fake))
    await followSiteTimeZoneSetting({ doc: { timeZone: 'Asia/Tokyo' }, req: { payload: fakePayload(fake) } } as never)
    expect(siteTimeZone()).toBe('Asia/Tokyo')
    await followSiteTimeZoneSetting({ doc: { timeZone: null }, req: { payload: fakePayload(fake) } } as never)
    expect(siteTimeZone()).toBe('America/New_York')
  })
})
