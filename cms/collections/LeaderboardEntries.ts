import type { CollectionConfig } from 'payload'

import { LEADERBOARD_PERIODS } from '../../shared/constants'
import { isAdmin, nobody } from '../access'

/**
 * Points earned per member per period (SPEC §3 Leaderboard entry), kept up to date in each award's
 * transaction so a board is one index range, never a sum over the ledger. Periods start at local
 * midnight in the site's time zone (weeks on Monday); all_time has one row per member.
 */
export const LeaderboardEntries: CollectionConfig = {
  slug: 'leaderboard-entries',
  admin: { group: 'Gamification', defaultColumns: ['user', 'period', 'periodStart', 'points', 'reachedAt'], description: 'Kept by the site. Read-only.' },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  // The board order (period, periodStart, points desc, reachedAt) is an index of the schema
  // migration (leaderboard_entries_board_idx): Payload's compound indexes cannot say "desc".
  indexes: [{ fields: ['user', 'period', 'periodStart'], unique: true }],
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true },
    { name: 'period', type: 'select', required: true, options: LEADERBOARD_PERIODS.map((value) => ({ label: value, value })) },
    { name: 'periodStart', type: 'date', required: true },
    { name: 'periodEnd', type: 'date', admin: { description: 'Empty for all_time.' } },
    { name: 'points', type: 'number', required: true, defaultValue: 0 },
    // Ties go to whoever reached the total first.
    { name: 'reachedAt', type: 'date', required: true },
    // SPEC field; ranks are computed when read (dense, ties by reachedAt), so this stays empty.
    { name: 'rank', type: 'number', admin: { description: 'Computed when a board is read; not stored.' } },
  ],
  timestamps: true,
}
