// The SEO bot on Payload's jobs queue (house rule 15): scheduled in the `default` queue every
// check interval (SPEC §9: 5 minutes), which the server's autoRun works through. Payload's
// schedule check queues it only when no run of it is waiting or running; process-now and start
// queue one more; the run's lease (state.ts claimRun) keeps any two from overlapping, on any server.
import type { TaskConfig } from 'payload'

import { runSeoBot, type SeoRunResult } from './run'
import { seoBotInterval } from './schedule'
import { requeueStuckRuns } from './state'

export const SEO_BOT_TASK_SLUG = 'seoBotRun'

export const seoBotTask: TaskConfig<{ input: { force?: boolean }; output: SeoRunResult }> = {
  slug: SEO_BOT_TASK_SLUG,
  label: 'SEO bot: proposals for videos without SEO data',
  inputSchema: [{ name: 'force', type: 'checkbox' }],
  schedule: [
    {
      cron: seoBotInterval().cron,
      queue: 'default',
      // Before each scheduling check, a run a stopped server left half-done goes back to the queue.
      hooks: {
        beforeSchedule: async (args) => {
          await requeueStuckRuns(args.req.payload, SEO_BOT_TASK_SLUG)
          return args.defaultBeforeSchedule(args)
        },
      },
    },
  ],
  // A failed run (the database away) is tried again; the reason stays on the job and in the bot's state.
  retries: 2,
  handler: async ({ input, req }) => {
    const output = await runSeoBot(req.payload, { force: Boolean(input?.force) })
    if (output.proposed || output.applied || output.failed) req.payload.logger.info({ ...output, event: 'seo_bot_run' }, 'SEO bot ran')
    return { output }
  },
}
