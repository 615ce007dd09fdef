// Payload's job runner, asked to run the same queue several times at once (the minute's cron, an
// admin's "run now", another server): each due job is claimed by one run only.
import { describe, expect, it } from 'vitest'

import { signedInAdmin, until } from './analytics-helpers'
import { sql } from './sql'

describe('running the jobs queue', () => {
  it('from several runners at once: every run answers 200 and each job runs once, to completion', async () => {
    const admin = await signedInAdmin()
    const jobs = await sql<{ id: number }>(
      `insert into payload_jobs (task_slug, queue, input) select 'analyticsRollup', 'default', '{}' from generate_series(1, 6) returning id`,
    )
    const ids = jobs.map((job) => job.id)
    const runs = await Promise.all(Array.from({ length: 5 }, () => admin.get('/cms/api/payload-jobs/run?queue=default&limit=20')))
    for (const run of runs) expect(run.status, JSON.stringify(run.body)).toBe(200)
    // A job that succeeded is deleted (deleteJobOnComplete); one that failed stays with its error.
    await until('the jobs to finish', async () => {
      const left = await sql<{ id: number; has_error: boolean; error: unknown }>('select id, has_error, error from payload_jobs where id = any($1)', [ids])
      for (const job of left) expect(job.has_error, JSON.stringify(job.error)).toBe(false)
      return left.length === 0 ? true : undefined
    }, 45_000)
  })
})
