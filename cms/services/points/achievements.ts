// Achievements: checked after every award (award-plan.ts); an unlock pays achievement_unlock once.
import { DEFAULT_RARITY, RARITIES, type Rarity } from '../../../shared/constants'

export const asRarity = (value: unknown): Rarity => (RARITIES.includes(value as Rarity) ? (value as Rarity) : DEFAULT_RARITY)
