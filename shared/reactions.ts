// The comment reaction picker (SPEC §2 Video page: groups reactions, emotions, gestures, objects).
// One list for the picker and for the server's check of POST /api/comments/{id}/reactions.
import { z } from './zod'

export const REACTION_GROUPS = [
  { id: 'reactions', label: 'Reactions', emojis: ['❤️', '🔥', '💯', '👏', '🎉', '✨', '⭐', '💔'] },
  { id: 'emotions', label: 'Emotions', emojis: ['😂', '😊', '😍', '😮', '😢', '😡', '🤔', '🥹'] },
  { id: 'gestures', label: 'Gestures', emojis: ['🙌', '🙏', '💪', '✊', '✌️', '👋', '🤝', '👀'] },
  { id: 'objects', label: 'Objects', emojis: ['📢', '📚', '💡', '🏆', '⚖️', '🕊️', '🎤', '🎬'] },
] as const

export type ReactionGroupId = (typeof REACTION_GROUPS)[number]['id']

export const REACTION_EMOJIS: readonly string[] = REACTION_GROUPS.flatMap((g) => g.emojis)

const allowed = new Set(REACTION_EMOJIS)

export const REACTION_NOT_ALLOWED = 'Please pick a reaction from the list'

/** POST /api/comments/{id}/reactions: { emoji } toggles that one reaction of the member. */
export const reactionSchema = z.object({
  emoji: z
    .string({ error: REACTION_NOT_ALLOWED })
    .refine((v) => allowed.has(v), { error: REACTION_NOT_ALLOWED }),
})

export type ReactionInput = z.input<typeof reactionSchema>
