import type { GlobalConfig } from 'payload'

import { isAdmin, nobody } from '../access'

/**
 * The SEO bot's running state, kept in the database so a restart (or another server) sees the
 * same: written only by cms/services/seo-bot, shown and changed in /admin → SEO Bot.
 */
export const SeoBotState: GlobalConfig = {
  slug: 'seo-bot-state',
  label: 'SEO bot state',
  admin: { group: 'SEO bot', hidden: true },
  access: { read: isAdmin, update: nobody },
  fields: [
    { name: 'isRunning', type: 'checkbox', defaultValue: false },
    { name: 'startedAt', type: 'date' },
    { name: 'processedThisSession', type: 'number', defaultValue: 0, min: 0 },
    { name: 'autoAccept', type: 'checkbox', defaultValue: false },
    { name: 'lastRunAt', type: 'date' },
    { name: 'lastRunError', type: 'text', maxLength: 1000 },
    // Set while a run holds the bot (cms/services/seo-bot/state.ts claimRun): one run at a time.
    { name: 'runLeaseUntil', type: 'date' },
  ],
}
