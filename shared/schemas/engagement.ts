// Member engagement endpoints: moods, recommendations, points, premium (SPEC §7).
import { z } from '../zod'
import {
  BOOKMARK_CONTENT_TYPES,
  LEADERBOARD_PERIODS,
  MOOD,
  MOODS,
  POINT_ACTIVITY_TYPES,
  RECOMMENDATION_FEEDBACK,
} from '../constants'
import { INTENSITY_INVALID, LIMIT_1_TO_50_INVALID, MOOD_CONTEXT_TOO_LONG, MOOD_REQUIRED_DESCRIPTION, RECOMMENDATION_FEEDBACK_INVALID, RECOMMENDATION_TYPE_INVALID } from '../messages'
import { optionalText } from './fields'

const moodField = z.enum(MOODS, { error: MOOD_REQUIRED_DESCRIPTION })

const LIMIT_INVALID = LIMIT_1_TO_50_INVALID

/** Snapped to the slider's 0.1 steps. */
const intensityField = z
  .number({ error: INTENSITY_INVALID })
  .min(MOOD.intensityMin, { error: INTENSITY_INVALID })
  .max(MOOD.intensityMax, { error: INTENSITY_INVALID })
  .transform((v) => Math.round(v * 10) / 10)

/** POST /api/user/mood */
export const moodSchema = z.object({
  mood: moodField,
  intensity: intensityField.default(MOOD.intensityDefault),
  context: optionalText(MOOD.contextMax, MOOD_CONTEXT_TOO_LONG).transform((v) => v || undefined),
})

/** POST /api/recommendations/generate (limit 10; 8 when regenerating from history) */
export const generateRecommendationsSchema = z.object({
  mood: moodField,
  limit: z.number({ error: LIMIT_INVALID }).int({ error: LIMIT_INVALID }).min(1, { error: LIMIT_INVALID }).max(50, { error: LIMIT_INVALID }).default(MOOD.generateLimit),
})

/** PATCH /api/recommendations/{id}/feedback */
export const recommendationFeedbackSchema = z.object({
  feedback: z.enum(RECOMMENDATION_FEEDBACK, { error: RECOMMENDATION_FEEDBACK_INVALID }),
})

/** GET /api/recommendations?type= (absent or 'all' = every type) */
export const recommendationsQuerySchema = z.object({
  type: z
    .enum([...BOOKMARK_CONTENT_TYPES, 'all'], { error: RECOMMENDATION_TYPE_INVALID })
    .optional()
    .transform((v) => (v === 'all' ? undefined : v)),
})

/** GET /api/user/moods?limit= (1–50, default 5) */
export const moodsQuerySchema = z.object({
  limit: z.coerce.number({ error: LIMIT_INVALID }).int({ error: LIMIT_INVALID }).min(1, { error: LIMIT_INVALID }).max(50, { error: LIMIT_INVALID }).default(MOOD.historyLimit),
})

/** GET /api/leaderboard?period= */
export const leaderboardQuerySchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS).default('all_time'),
})

/** POST /api/points/award */
export const pointsAwardSchema = z.object({
  activityType: z.enum(POINT_ACTIVITY_TYPES),
  description: optionalText(500),
  contentType: optionalText(50),
  contentId: z
    .union([z.string().trim().max(255), z.number().int().transform(String)])
    .nullish()
    .transform((v) => v || undefined),
  metadata: z.record(z.string(), z.unknown()).nullish().transform((v) => v ?? undefined),
})

/** Response of POST /api/points/award */
export type PointsAwardResponse = {
  pointsAwarded: number
  levelUp: boolean
  newLevel?: number | null
  achievementUnlocked?: { id: number | string; title: string; description?: string; rarity?: string } | null
}

/** POST /api/user/premium-subscription */
export const premiumSubscriptionSchema = z.object({
  subscriptionId: z.string().trim().min(1).max(255),
  payerId: optionalText(255),
  status: z.literal('active'),
})

export type MoodInput = z.input<typeof moodSchema>
export type MoodData = z.output<typeof moodSchema>
export type GenerateRecommendationsInput = z.input<typeof generateRecommendationsSchema>
export type RecommendationFeedbackInput = z.input<typeof recommendationFeedbackSchema>
export type PointsAwardInput = z.input<typeof pointsAwardSchema>
export type PointsAwardData = z.output<typeof pointsAwardSchema>
export type PremiumSubscriptionInput = z.input<typeof premiumSubscriptionSchema>
