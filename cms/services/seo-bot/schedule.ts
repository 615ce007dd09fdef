import { SEO_BOT_CHECK_INTERVAL_MS } from '../../../shared/seo-bot'

/**
 * How often the bot looks for videos without SEO data: SEO_BOT_INTERVAL_SECONDS (default 300,
 * SPEC §9: 5 minutes), as the task's cron (whole minutes as a 5-field cron, else with seconds).
 */
export function seoBotInterval(env: Record<string, string | undefined> = process.env): { ms: number; cron: string } {
  const seconds = Number(env.SEO_BOT_INTERVAL_SECONDS)
  const s = Number.isInteger(seconds) && seconds >= 1 && seconds <= 3600 ? seconds : SEO_BOT_CHECK_INTERVAL_MS / 1000
  if (s % 60 === 0) return { ms: s * 1000, cron: s === 3600 ? '0 * * * *' : `*/${s / 60} * * * *` }
  return { ms: s * 1000, cron: s < 60 ? `*/${s} * * * * *` : `0 */${Math.round(s / 60)} * * * *` }
}
