import type { CollectionConfig } from 'payload'
import { z } from 'zod'

import { MOODS, RECOMMENDATION_WEIGHTS } from '../../shared/constants'
import { isAdmin } from '../access'
import { ownRowsOrAdmin } from '../access/members'

const weight = (name: keyof typeof RECOMMENDATION_WEIGHTS, description: string) =>
  ({ name, type: 'number', required: true, defaultValue: RECOMMENDATION_WEIGHTS[name], min: 0, max: 1, admin: { description } }) as const

const contentPreferences = z.object({ contentTypes: z.array(z.enum(['video', 'blog_post'])).optional() }).strict()
const avoidedContent = z.object({ tags: z.array(z.string().trim().min(1).max(100)).max(100).optional() }).strict()

/** The JSON fields' shapes: text that is not JSON (kept as typed in /cms) or another shape is refused. */
const jsonOf = (schema: z.ZodType, example: string) => (value: unknown) =>
  value === null || value === undefined || schema.safeParse(value).success ? true : typeof value === 'string' ? 'This is not valid JSON.' : `Expected ${example}.`

/**
 * A member's For You settings (SPEC §3 User preferences). Without a row, the §9 defaults apply;
 * the recommender learns tastes from history, so these are weights rather than a profile.
 */
export const UserPreferences: CollectionConfig = {
  slug: 'user-preferences',
  admin: { defaultColumns: ['user', 'preferredMoods', 'updatedAt'], group: 'For You' },
  access: { read: ownRowsOrAdmin(), create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, unique: true },
    { name: 'preferredMoods', type: 'select', hasMany: true, options: MOODS.map((value) => ({ label: value, value })) },
    {
      name: 'contentPreferences',
      type: 'json',
      validate: jsonOf(contentPreferences, '{ "contentTypes": ["video", "blog_post"] }'),
      admin: { description: 'e.g. { "contentTypes": ["video"] }', components: { Field: '/components/JsonTextField#JsonTextField' } },
    },
    {
      name: 'avoidedContent',
      type: 'json',
      validate: jsonOf(avoidedContent, '{ "tags": ["a tag"] }'),
      admin: { description: 'e.g. { "tags": ["violence"] }: items with these tags are left out.', components: { Field: '/components/JsonTextField#JsonTextField' } },
    },
    {
      name: 'recommendationSettings',
      type: 'group',
      fields: [
        weight('diversityFactor', 'How far the list is spread over topics (0 = by relevance only).'),
        weight('moodWeight', 'How much the mood you pick counts.'),
        weight('popularityWeight', 'How much what the community watches counts.'),
        weight('personalityWeight', 'How much your own history counts.'),
      ],
    },
  ],
}
