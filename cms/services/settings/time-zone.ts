// The site's time zone (terms in README.md): the `timeZone` setting when set, else SITE_TIME_ZONE
// from the environment, else America/New_York. Read synchronously on hot paths (points, leaderboard
// periods, early-access teasers), so it is held in memory and re-read from the database in the
// background at most every PAGE_CACHE_SECONDS: never a database read on a request's path. A save in
// another process is heard (`site-time-zone-changed`, cache/signal.ts) and read again at once.
import type { GlobalAfterChangeHook, Payload } from 'payload'

import { SITE_TIME_ZONE } from '../../../shared/constants'
import { canonicalTimeZone } from '../../../shared/schemas/site-settings'
import { provideSiteTimeZone } from '../../../shared/site-zone'
import { onSignal, sendSignal, SIGNALS_MISSED } from '../cache/signal'
import { afterTransactionEnds } from '../cache/transaction-end'

type State = {
  /** The setting as last read (null: not set, the fallback applies). */
  setting: string | null
  loadedAt: number
  payload: Payload | null
  /** A background re-read under way (one at a time). */
  loading: Promise<void> | null
  /** Bumped by every save: a read that began before it does not store its (older) answer. */
  generation: number
}

const KEY = Symbol.for('app.siteTimeZone')
const TIME_ZONE_CHANGED = 'site-time-zone-changed'

/** On globalThis: Astro's, Next's and the server's bundles share one value. */
const state = (): State => {
  const global = globalThis as Record<symbol, State | undefined>
  let s = global[KEY]
  if (!s) {
    s = global[KEY] = { setting: null, loadedAt: 0, payload: null, loading: null, generation: 0 }
    onSignal(TIME_ZONE_CHANGED, readAgainNow)
    onSignal(SIGNALS_MISSED, readAgainNow)
  }
  return s
}

/** Another process saved the setting (committed): a read under way may predate it, so one more follows it. */
function readAgainNow(): void {
  const s = state()
  const payload = s.payload
  if (!payload) return
  s.generation += 1
  void (s.loading ?? Promise.resolve()).then(() => refresh(payload))
}

/** SITE_TIME_ZONE from the environment when it names a zone, else America/New_York. */
export function fallbackTimeZone(): string {
  const env = process.env.SITE_TIME_ZONE?.trim()
  return (env && canonicalTimeZone(env)) || SITE_TIME_ZONE
}

/** How stale another process's save may be here: PAGE_CACHE_SECONDS (default 10), at least 1 s. */
const refreshMs = () => {
  const seconds = Number(process.env.PAGE_CACHE_SECONDS ?? 10)
  return Math.max(1, Number.isFinite(seconds) ? seconds : 10) * 1000
}

async function read(payload: Payload): Promise<void> {
  const s = state()
  const generation = s.generation
  try {
    const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, select: { timeZone: true }, overrideAccess: true })
    if (generation !== s.generation) return
    s.setting = typeof settings.timeZone === 'string' && settings.timeZone ? canonicalTimeZone(settings.timeZone) : null
  } catch (error) {
    // The zone in memory stays; the next read is tried after the same interval.
    payload.logger.warn({ err: error, event: 'site_time_zone_read_failed' }, 'could not read the site time zone setting')
  } finally {
    s.loadedAt = Date.now()
  }
}

function refresh(payload: Payload): Promise<void> {
  const s = state()
  s.loading ??= read(payload).finally(() => {
    s.loading = null
  })
  return s.loading
}

/** The site's time zone now. Starts a background re-read when the value is older than the interval. */
export function siteTimeZone(now: number = Date.now()): string {
  const s = state()
  if (s.payload && !s.loading && now - s.loadedAt >= refreshMs()) void refresh(s.payload)
  return s.setting ?? fallbackTimeZone()
}

// Islands rendered on the server format dates through shared/site-zone, which asks this module.
provideSiteTimeZone(() => siteTimeZone())

/** At startup (server/payload.ts): reads the setting and keeps `payload` for the re-reads. */
export async function loadSiteTimeZone(payload: Payload): Promise<string> {
  state().payload = payload
  await refresh(payload)
  return siteTimeZone()
}

/**
 * Before Payload closes (server/payload.ts closePayload): no background re-read starts any more and
 * the one under way is waited for, so none runs against a closed database (which logged a warning
 * when the demo seed's process ended).
 */
export async function stopSiteTimeZoneReads(payload: Payload): Promise<void> {
  const s = state()
  if (s.payload === payload) s.payload = null
  await s.loading
}

/**
 * The global's afterChange: this process follows a save at once (the saved value), and reads the
 * committed row again when the save's transaction ends (a rolled-back save is forgotten). Other
 * processes read it again when they hear the commit.
 */
export const followSiteTimeZoneSetting: GlobalAfterChangeHook = async ({ doc, req }) => {
  const s = state()
  s.generation += 1
  s.payload ??= req.payload
  const zone = typeof doc.timeZone === 'string' && doc.timeZone ? canonicalTimeZone(doc.timeZone) : null
  s.setting = zone
  s.loadedAt = Date.now()
  await afterTransactionEnds(req, () => {
    const payload = req.payload
    // After the pending read (if any) so this read starts after the commit, and stores.
    void (s.loading ?? Promise.resolve()).then(() => refresh(payload))
  })
  await sendSignal(TIME_ZONE_CHANGED, undefined, req)
  return doc
}

/** Tests: forget the remembered value and payload. */
export function resetSiteTimeZoneForTests(): void {
  const global = globalThis as Record<symbol, State | undefined>
  delete global[KEY]
}
