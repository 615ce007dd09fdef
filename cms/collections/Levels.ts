import type { CollectionConfig } from 'payload'

import { anyone, isAdmin } from '../access'

/** The level table (SPEC §3 Level system): edited by admins in /cms; read by everyone (the leaderboard page lists it). */
export const Levels: CollectionConfig = {
  slug: 'levels',
  admin: { group: 'Gamification', useAsTitle: 'title', defaultColumns: ['level', 'pointsRequired', 'title'] },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: 'level',
  fields: [
    { name: 'level', type: 'number', required: true, unique: true, min: 1 },
    {
      name: 'pointsRequired',
      type: 'number',
      required: true,
      min: 0,
      index: true,
      admin: { description: 'Points a member needs to reach this level. A member never drops a level they reached.' },
    },
    { name: 'title', type: 'text', required: true, maxLength: 100 },
    { name: 'description', type: 'textarea', maxLength: 500 },
    { name: 'rewards', type: 'textarea', maxLength: 500, admin: { description: 'What the level brings, as shown to members.' } },
  ],
}
