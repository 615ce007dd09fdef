// Levels: the admin-edited table in `levels`; a member's level follows their points and never drops.
import type { Payload } from 'payload'

import { levelFor, nextLevelAfter, type LevelRow } from '../../../shared/points'

export { levelFor, nextLevelAfter, type LevelRow }

/**
 * The level after an award: the table's level for the points, but never below the one held
 * (a take-back does not take a level away, and an admin raising a threshold does not demote).
 */
export const levelAfter = (currentLevel: number, points: number, levels: readonly LevelRow[]): number =>
  Math.max(currentLevel, levelFor(points, levels))

export type LevelView = LevelRow & { title: string; description: string | null; rewards: string | null }

/** Every level in order, for the leaderboard's level table and the Your Journey page (public: anyone reads `levels`). */
export async function listLevels(payload: Payload): Promise<LevelView[]> {
  const { docs } = await payload.find({ collection: 'levels', sort: 'level', pagination: false, depth: 0, overrideAccess: false })
  return docs.map((doc) => ({
    level: doc.level,
    pointsRequired: doc.pointsRequired,
    title: doc.title,
    description: doc.description ?? null,
    rewards: doc.rewards ?? null,
  }))
}
