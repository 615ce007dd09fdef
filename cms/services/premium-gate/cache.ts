import type { Payload } from 'payload'

import { cachedFor, type GetOptions, type Viewer } from '../cache'

/**
 * The next moment (epoch ms) a post or video leaves early access, or a scheduled video's publish
 * date comes (it joins the lists and opens by its link), or null when none is waiting.
 * Only the times are read, never the items, so the reader's access does not apply (overrideAccess).
 * Cached like content: any post or video write clears it, and it leaves the cache at that moment.
 */
export function nextEarlyAccessOpening(payload: Payload): Promise<number | null> {
  return cachedFor(null, ['gate:next-opening'], () => readNextOpening(payload, new Date()), { expiresAt: (at) => at })
}

async function readNextOpening(payload: Payload, now: Date): Promise<number | null> {
  const after = { earlyAccessUntil: { greater_than: now.toISOString() } }
  const first = (collection: 'posts' | 'videos') =>
    payload.find({ collection, where: after, sort: 'earlyAccessUntil', limit: 1, pagination: false, depth: 0, select: { earlyAccessUntil: true }, overrideAccess: true })
  const scheduled = payload.find({
    collection: 'videos',
    where: { publishedAt: { greater_than: now.toISOString() } },
    sort: 'publishedAt',
    limit: 1,
    pagination: false,
    depth: 0,
    select: { publishedAt: true },
    overrideAccess: true,
  })
  const [found, upcoming] = await Promise.all([Promise.all([first('posts'), first('videos')]), scheduled])
  const times = [
    ...found.flatMap(({ docs }) => docs.map((doc) => Date.parse(String(doc.earlyAccessUntil)))),
    ...upcoming.docs.map((doc) => Date.parse(String(doc.publishedAt))),
  ].filter(Number.isFinite)
  return times.length ? Math.min(...times) : null
}

/**
 * cachedFor for results the gate shapes (lists with 'Early access' labels, locked or open pages,
 * feeds, auto-play's next video): the entry also leaves the cache when the next item opens to
 * everyone, so no reader gets the old lock past that moment.
 */
export async function cachedGated<T>(
  payload: Payload,
  user: Viewer,
  key: readonly (string | number | boolean | null)[],
  load: () => Promise<T>,
  options: GetOptions<T> = {},
): Promise<T> {
  const { value } = await cachedFor(
    user,
    key,
    async () => {
      const [value, opening] = await Promise.all([load(), nextEarlyAccessOpening(payload)])
      return { value, opening }
    },
    {
      expiresAt: ({ value, opening }) => {
        const own = options.expiresAt?.(value) ?? null
        return own === null ? opening : opening === null ? own : Math.min(own, opening)
      },
    },
  )
  return value
}
