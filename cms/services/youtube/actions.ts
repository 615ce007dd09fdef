// What the endpoints call: import a channel, sync the configured one, create demo videos.
import type { Payload } from 'payload'

import type { YoutubeImportResult, YoutubeSyncResult } from '../../../shared/schemas/youtube'
import { DEMO_TITLE_PREFIX } from '../../../shared/youtube-messages'
import { userIsAdmin } from '../../access/roles'
import type { User } from '../../payload-types'
import { inTransaction } from '../db/transactions'
import { forbidden, unauthorized } from '../errors'
import { noChannel } from './errors'
import { channelToSync } from './status'
import { syncChannel, type SyncOptions, type SyncOutcome } from './sync'

export const YOUTUBE_SIGN_IN = 'Please sign in as an admin.'
export const YOUTUBE_ADMINS_ONLY = 'Only admins can import videos.'

/** Import, sync, mock and status are for admins: 401 for a visitor, 403 for anyone else. */
export function assertYoutubeAdmin(user: User | null | undefined): asserts user is User {
  if (!user) throw unauthorized(YOUTUBE_SIGN_IN)
  if (!userIsAdmin(user)) throw forbidden(YOUTUBE_ADMINS_ONLY)
}

type Extra = Pick<SyncOptions, 'client' | 'now'>

/** POST /api/youtube/import: every video of the channel, upserted by videoId. */
export async function importChannel(payload: Payload, { channelHandle, ...extra }: { channelHandle: string } & Extra): Promise<YoutubeImportResult> {
  const outcome = await syncChannel(payload, { handle: channelHandle, trigger: 'import', ...extra })
  const { imported, total, channel } = outcome
  const message =
    total === 0
      ? `${channel.title} has no public videos yet.`
      : imported === 0
        ? `All ${total} videos from ${channel.title} were already up to date.`
        : `Imported ${imported} of ${total} videos from ${channel.title}.`
  return { success: true, message: `${message}${refusedSentence(outcome)}`, imported, total }
}

/** POST /api/youtube/sync (and the schedule): the channel in site settings, else the last imported one. */
export async function syncConfiguredChannel(payload: Payload, extra: Extra & { trigger?: 'sync' | 'schedule' } = {}): Promise<YoutubeSyncResult> {
  const { handle } = await channelToSync(payload)
  if (!handle) throw noChannel()
  const outcome = await syncChannel(payload, { handle, trigger: extra.trigger ?? 'sync', ...extra })
  const { imported, total, removed, channel } = outcome
  const gone = removed ? ` ${removed} no longer on YouTube ${removed === 1 ? 'is' : 'are'} hidden from the site.` : ''
  return { imported, total, message: `${imported} of ${total} videos from ${channel.title} updated.${gone}${refusedSentence(outcome)}` }
}

/** The videos YouTube sent that the site refused to store (counted in the total, never imported). */
const refusedSentence = ({ refused }: Pick<SyncOutcome, 'refused'>) =>
  refused.length ? ` ${refused.length} ${refused.length === 1 ? 'was' : 'were'} not imported: not a YouTube video id.` : ''

/** The demo videos: fixed ids, so a second click finds them there instead of adding more. */
export const DEMO_VIDEOS = [
  { videoId: 'demo_youtube_1', title: 'Welcome to the Channel', duration: 'PT2M30S', days: 1, views: 1250 },
  { videoId: 'demo_youtube_2', title: 'Behind the Scenes: How We Film', duration: 'PT12M4S', days: 4, views: 860 },
  { videoId: 'demo_youtube_3', title: 'Community Q&A, Part 1', duration: 'PT48M17S', days: 9, views: 3420 },
  { videoId: 'demo_youtube_4', title: 'Five Tips From Our Viewers', duration: 'PT7M45S', days: 15, views: 540 },
] as const

export const DEMO_DESCRIPTION =
  'Demo video created by the YouTube import\'s "Create Mock Videos" action, so the site can be tried without a YouTube API key. It plays nothing; delete it in /cms when you are done.'

/** POST /api/youtube/mock: creates the demo videos that are missing (marked [Demo] and isDemo). */
export async function createMockVideos(payload: Payload, { now = new Date() }: { now?: Date } = {}): Promise<YoutubeImportResult> {
  const imported = await inTransaction(payload, async (req) => {
    const { docs } = await payload.find({
      collection: 'videos',
      where: { videoId: { in: DEMO_VIDEOS.map((v) => v.videoId) } },
      select: { videoId: true },
      pagination: false,
      depth: 0,
      joins: false,
      overrideAccess: true,
      req,
    })
    const existing = new Set(docs.map((d) => d.videoId))
    let created = 0
    for (const demo of DEMO_VIDEOS) {
      if (existing.has(demo.videoId)) continue
      // The endpoint checked that an admin asked: overrideAccess.
      await payload.create({
        collection: 'videos',
        data: {
          videoId: demo.videoId,
          title: `${DEMO_TITLE_PREFIX}${demo.title}`,
          description: DEMO_DESCRIPTION,
          publishedAt: new Date(now.getTime() - demo.days * 86_400_000).toISOString(),
          thumbnailUrl: '/logo.svg',
          duration: demo.duration,
          viewCount: demo.views,
          source: 'youtube',
          isDemo: true,
        },
        req,
        overrideAccess: true,
        depth: 0,
      })
      created++
    }
    return created
  })
  const total = DEMO_VIDEOS.length
  return {
    success: true,
    message: imported ? `Created ${imported} demo videos, marked [Demo].` : `The ${total} demo videos are already there.`,
    imported,
    total,
  }
}
