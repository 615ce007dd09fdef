/**
 * The points bench fixture: 100,000 members and 5 million ledger rows (point_activities) with the
 * per-period totals (leaderboard_entries: daily, weekly, monthly, all_time) and the members'
 * totals that the points service would have kept for them, generated in SQL on the server
 * (generate_series, INSERT … SELECT) so it loads in minutes, not hours.
 *
 * - Members `pts_1` … `pts_100000` share one password: their hash and salt are copied from a
 *   member registered through the API, so any of them can sign in through /api/auth/login.
 * - Activity is skewed (a few members earn a lot, most a little) and spread over the last
 *   HISTORY_DAYS days, so every board has a long tail and the current day, week and month have
 *   thousands of members on them.
 * - No `content_share` rows: the award case shares content on behalf of fixture members, and their
 *   daily share cap must start empty.
 * - The secondary indexes of the two big tables are dropped for the load and rebuilt after it (a
 *   sorted build is far faster than 5 million random B-tree inserts); the definitions are read from
 *   pg_indexes, so whatever the migrations declare is what is rebuilt.
 * - Achievement progress (user_achievements) is derived from the same ledger, unlocked where met;
 *   the ledger's own achievement_unlock rows are random, not one per unlock.
 * - The users_keep_points trigger (migration points_columns_guard) lets only a transaction that
 *   set `app.points_write = 'on'` change points columns: the totals update sets it, as
 *   cms/services/points/ledger.ts does, for its own transaction only.
 */
import pg from 'pg'

import { dropSecondaryIndexes, stepTimer } from './fixture-sql'

import { SITE_TIME_ZONE } from '../../shared/constants'

export const FIXTURE_MEMBERS = Number(process.env.BENCH_POINTS_MEMBERS ?? 100_000)
export const FIXTURE_LEDGER_ROWS = Number(process.env.BENCH_POINTS_ROWS ?? 5_000_000)
export const FIXTURE_PASSWORD = 'bench-password-123'
export const HISTORY_DAYS = 90

export type FixtureTimings = { members: number; ledgerRows: number; leaderboardEntries: number; seconds: Record<string, number>; totalSeconds: number }

/** The ledger's activity types and points the fixture draws from (shared/points.ts values; no content_share). */
const TYPES: readonly [string, number][] = [
  ['login', 5],
  ['video_watch', 10],
  ['video_watch', 10],
  ['video_watch', 10],
  ['comment_post', 15],
  ['blog_read', 10],
  ['bookmark_add', 5],
  ['video_complete', 25],
  ['daily_streak', 50],
  ['achievement_unlock', 30],
]

/** Builds the fixture into `databaseUrl` (migrated and seeded); `template` is a member whose hash and salt every fixture member gets. */
export async function buildPointsFixture(databaseUrl: string, templateUsername: string, log: (message: string) => void = () => undefined): Promise<FixtureTimings> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const { seconds, step } = stepTimer(log, 'fixture')
  const started = performance.now()
  try {
    await client.query(`set maintenance_work_mem = '256MB'; set work_mem = '64MB'; set synchronous_commit = off`)
    const template = await client.query<{ hash: string; salt: string }>('select hash, salt from users where username = $1', [templateUsername])
    if (!template.rows[0]) throw new Error(`fixture: no member ${templateUsername} to copy the password from`)
    const { hash, salt } = template.rows[0]
    const tz = SITE_TIME_ZONE

    await client.query('begin')
    const dropped = await dropSecondaryIndexes(client, ['point_activities', 'leaderboard_entries', 'user_achievements'])

    await step('members', () =>
      client.query(
        `insert into users (username, date_of_birth, is_verified, member_number, hash, salt, points, total_points_earned, level, streak, created_at, updated_at)
         select 'pts_' || g, '1990-01-01', true, base.n + g, $1, $2, 0, 0, 1, 0, now() - interval '${HISTORY_DAYS + 30} days', now()
         from generate_series(1, $3::int) g, (select coalesce(max(member_number), 0)::int as n from users) base`,
        [hash, salt, FIXTURE_MEMBERS],
      ),
    )

    // Row g belongs to the member at a skewed position (power 3: the first members earn far more),
    // happened at a random instant of the last HISTORY_DAYS days, and is one of TYPES.
    const types = `array[${TYPES.map(([t]) => `'${t}'`).join(',')}]`
    const points = `array[${TYPES.map(([, p]) => p).join(',')}]`
    await step('ledger', async () => {
      await client.query('select setseed(0.11)')
      await client.query(
        `insert into point_activities (user_id, activity_type, points, description, idempotency_key, created_at, updated_at)
         select first.id + least($2::int - 1, floor($2::int * power(random(), 3))::int), (${types})[t]::enum_point_activities_activity_type,
                (${points})[t], 'Bench activity', 'bench:' || g, at, at
         from (select g, 1 + floor(random() * ${TYPES.length})::int as t, now() - random() * interval '${HISTORY_DAYS} days' as at
               from generate_series(1, $1::int) g) r,
              (select min(id) as id from users where username like 'pts\\_%') first`,
        [FIXTURE_LEDGER_ROWS, FIXTURE_MEMBERS],
      )
    })

    // The totals the award would have kept: one entry per member and period the member earned in.
    await step('leaderboard entries', () =>
      client.query(
        `insert into leaderboard_entries (user_id, period, period_start, period_end, points, reached_at, created_at, updated_at)
         select user_id, period::enum_leaderboard_entries_period, period_start, period_end, sum(points), max(created_at), min(created_at), max(created_at)
         from (
           select a.user_id, a.points, a.created_at, p.period, p.period_start, p.period_end
           from point_activities a
           cross join lateral (values
             ('daily', date_trunc('day', a.created_at at time zone $1) at time zone $1, (date_trunc('day', a.created_at at time zone $1) + interval '1 day') at time zone $1),
             ('weekly', date_trunc('week', a.created_at at time zone $1) at time zone $1, (date_trunc('week', a.created_at at time zone $1) + interval '1 week') at time zone $1),
             ('monthly', date_trunc('month', a.created_at at time zone $1) at time zone $1, (date_trunc('month', a.created_at at time zone $1) + interval '1 month') at time zone $1),
             ('all_time', timestamptz '1970-01-01T00:00:00Z', null::timestamptz)
           ) p(period, period_start, period_end)
           where a.idempotency_key like 'bench:%'
         ) x
         group by user_id, period, period_start, period_end`,
        [tz],
      ),
    )

    await step('member totals', async () => {
      await client.query(`select set_config('app.points_write', 'on', true)`)
      await client.query(
        `update users u set points = t.total, total_points_earned = t.total, last_activity_at = t.last,
                level = coalesce((select max(l.level) from levels l where l.points_required <= t.total), 1)
         from (select user_id, sum(points) as total, max(created_at) as last from point_activities where idempotency_key like 'bench:%' group by user_id) t
         where u.id = t.user_id`,
      )
      await client.query(`select set_config('app.points_write', 'off', true)`)
    })

    // Achievement progress as the award keeps it (achievements.ts): one row per member and
    // achievement with a progress above 0, unlocked when met, so an award in the bench writes only
    // what changed, like a member's award in steady state (not the catch-up of a first award).
    await step('achievement progress', async () => {
      await client.query(
        `create temp table bench_counts on commit drop as
         select user_id, activity_type::text as activity_type, count(*)::int as n from point_activities
         where idempotency_key like 'bench:%' group by 1, 2`,
      )
      await client.query(
        `insert into user_achievements (user_id, achievement_id, progress, unlocked_at, is_notified, created_at, updated_at)
         select m.id, a.id, p.progress, case when p.met then m.last_activity_at end, true, m.last_activity_at, m.last_activity_at
         from users m
         cross join achievements a
         left join bench_counts c on c.user_id = m.id and c.activity_type = a.activity_type::text
         cross join lateral (
           select v.progress, case a.metric
               when 'total_points' then v.progress >= greatest(1, coalesce(a.points_required, a.target_count, 1))
               when 'member_number' then v.progress = 1
               when 'activity_count' then a.activity_type is not null and v.progress >= greatest(1, coalesce(a.target_count, 1))
               else v.progress >= greatest(1, coalesce(a.target_count, 1)) end as met
           from (select case a.metric
               when 'level' then m.level
               when 'total_points' then m.total_points_earned
               when 'streak' then m.streak
               when 'member_number' then case when m.member_number between 1 and greatest(1, coalesce(a.target_count, 1)) then 1 else 0 end
               else coalesce(c.n, 0) end as progress) v
         ) p
         where m.username like 'pts\\_%' and p.progress > 0`,
      )
    })

    await step('indexes', async () => {
      for (const definition of dropped) await client.query(definition)
    })
    await client.query('commit')
    // VACUUM as well as ANALYZE: autovacuum would have set the visibility map of tables this old,
    // and without it the boards' index-only scans turn into heap visits (the rank counts, 25× slower).
    await step('vacuum analyze', () => client.query('vacuum analyze users, point_activities, leaderboard_entries, user_achievements'))

    const counts = await client.query<{ ledger: number; entries: number }>(
      `select (select count(*) from point_activities)::int as ledger, (select count(*) from leaderboard_entries)::int as entries`,
    )
    return {
      members: FIXTURE_MEMBERS,
      ledgerRows: counts.rows[0]!.ledger,
      leaderboardEntries: counts.rows[0]!.entries,
      seconds,
      totalSeconds: Math.round((performance.now() - started) / 100) / 10,
    }
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    await client.end()
  }
}
