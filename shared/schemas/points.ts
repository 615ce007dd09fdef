// Points endpoints beyond the award claim (SPEC §7 has pointsAwardSchema and leaderboardQuerySchema in engagement.ts).
import { z } from '../zod'
import { isTimeZone } from '../time-zones'

/** Longest position a progress beat may report (seconds): 48 hours. */
const MAX_POSITION_SECONDS = 48 * 3600

/**
 * POST /api/videos/{videoId}/progress: the player's current position in seconds, and the length of
 * the media it is playing when it knows it (a file may be shorter than the length listed for the
 * video: analytics counts a completion against the shorter one).
 */
export const progressBeatSchema = z.object({
  position: z
    .number({ error: 'position must be a number of seconds.' })
    .finite()
    .min(0, { error: 'position must be a number of seconds.' })
    .max(MAX_POSITION_SECONDS, { error: 'position must be a number of seconds.' }),
  duration: z
    .number({ error: 'duration must be a number of seconds.' })
    .finite()
    .positive({ error: 'duration must be a number of seconds.' })
    .max(MAX_POSITION_SECONDS, { error: 'duration must be a number of seconds.' })
    .optional(),
})

/** PUT /api/user/time-zone: the browser's IANA zone (Intl.DateTimeFormat().resolvedOptions().timeZone). */
export const timeZoneSchema = z.object({
  timeZone: z.string({ error: 'Unknown time zone.' }).trim().refine(isTimeZone, { error: 'Unknown time zone.' }),
})

export type ProgressBeatInput = z.input<typeof progressBeatSchema>
export type TimeZoneInput = z.input<typeof timeZoneSchema>
