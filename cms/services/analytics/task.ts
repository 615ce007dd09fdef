// The analytics job on Payload's jobs queue (house rule 15): scheduled in the `default` queue,
// which the server's autoRun works through (payload.config.ts); Payload's default schedule check
// queues it only when no run of it is waiting or running, so it never runs twice at once.
import type { TaskConfig } from 'payload'

import { runAnalyticsJob, type AnalyticsJobResult } from './rollup'

export const ANALYTICS_TASK_SLUG = 'analyticsRollup'

/** Every 15 minutes by default (ANALYTICS_ROLLUP_CRON, croner syntax; 6 fields for seconds). */
export const analyticsRollupTask: TaskConfig<{ input: object; output: AnalyticsJobResult }> = {
  slug: ANALYTICS_TASK_SLUG,
  label: 'Analytics: time on page, daily totals and retention',
  schedule: [{ cron: process.env.ANALYTICS_ROLLUP_CRON || '4,19,34,49 * * * *', queue: 'default' }],
  // A failed run (the database away) is tried again; each day is its own transaction, so a retry redoes nothing.
  retries: 2,
  handler: async ({ req }) => {
    const output = await runAnalyticsJob(req.payload)
    if (output.daysRolledUp.length || Object.values(output.deleted).some(Boolean)) req.payload.logger.info({ ...output, event: 'analytics_rollup' }, 'analytics rolled up')
    return { output }
  },
}
