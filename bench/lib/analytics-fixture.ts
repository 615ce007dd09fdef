/**
 * The analytics bench fixture: a year of traffic — 1,000,000 page views in ~333,000 visits (three
 * pages each), their user_sessions rows, members' video watches — and the 20,000 members and
 * their PayPal payments the dashboard counts, generated in SQL on the server (INSERT … SELECT).
 *
 * - Traffic grows over the year: a visit's start is `now − 365 days × U^1.3` (U uniform), so recent
 *   days are busier; today holds ~1 % of the year (~10,000 page views), read from the raw rows.
 * - Pages: the home page, /blog, /vlog, the seeded videos and posts (a few far more viewed than the
 *   rest), and other pages; 30 % of visits are a member's (8 % of members hold Premium, some lapsed).
 * - The daily totals are what the analytics job leaves: the bench runs the real job (see
 *   analytics-bench.ts), which fills time on page and totals every finished day. The server runs
 *   with ANALYTICS_RETENTION_DAYS=400 so the million raw rows stay (a site keeping a year of raw
 *   page views; with the default 90 days it would hold about a quarter of them).
 * - Secondary indexes of the raw tables are dropped for the load and rebuilt after it, from
 *   pg_indexes (whatever the migrations declare).
 */
import pg from 'pg'

import { dropSecondaryIndexes, stepTimer } from './fixture-sql'

export const ANALYTICS_PAGE_VIEWS = Number(process.env.BENCH_ANALYTICS_ROWS ?? 1_000_000)
export const ANALYTICS_MEMBERS = Number(process.env.BENCH_ANALYTICS_MEMBERS ?? 20_000)
const DAYS = 365
const PAGES_PER_VISIT = 3

export type AnalyticsFixtureTimings = {
  pageViews: number
  sessions: number
  videoWatches: number
  members: number
  payments: number
  seconds: Record<string, number>
  totalSeconds: number
}

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
]

export async function buildAnalyticsFixture(databaseUrl: string, templateUsername: string, log: (message: string) => void = () => undefined): Promise<AnalyticsFixtureTimings> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const { seconds, step } = stepTimer(log, 'analytics fixture')
  const started = performance.now()
  try {
    await client.query(`set maintenance_work_mem = '256MB'; set work_mem = '64MB'; set synchronous_commit = off`)
    const template = await client.query<{ hash: string; salt: string }>('select hash, salt from users where username = $1', [templateUsername])
    if (!template.rows[0]) throw new Error(`analytics fixture: no member ${templateUsername} to copy the password from`)
    const { hash, salt } = template.rows[0]
    await client.query('select setseed(0.42)')
    await client.query('begin')
    const dropped = await dropSecondaryIndexes(client, ['page_views', 'user_sessions', 'video_analytics'])

    // Members who joined over the year (sign-ups per day); some verified, some Premium (a few lapsed).
    await step('members', () =>
      client.query(
        `insert into users (username, date_of_birth, is_verified, member_number, hash, salt, points, total_points_earned, level, streak,
                            is_premium, premium_source, premium_expires_at, created_at, updated_at)
         select 'an_' || g, '1990-01-01', r1 < 0.7, base.n + g, $1, $2, 0, 0, 1, 0,
                r2 < 0.08, case when r2 < 0.08 then 'paypal'::enum_users_premium_source end,
                case when r2 < 0.07 then now() + interval '20 days' when r2 < 0.08 then now() - interval '3 days' end, created, created
         from (select g, random() as r1, random() as r2, now() - power(random(), 1.3) * interval '${DAYS} days' as created
               from generate_series(1, $3::int) g) x,
              (select coalesce(max(member_number), 0)::int as n from users) base`,
        [hash, salt, ANALYTICS_MEMBERS],
      ),
    )
    // Their PayPal payments: an activation after joining, then a renewal every month until now.
    await step('payments', () =>
      client.query(
        `insert into payments (reference, kind, amount_cents, currency, paid_at, paypal_subscription_id, user_id, created_at, updated_at)
         select 'bench:' || u.id || ':' || k, (case when k = 0 then 'activation' else 'renewal' end)::enum_payments_kind, 499, 'USD',
                u.act + k * interval '30 days', 'I-BENCH' || u.id, u.id, u.act + k * interval '30 days', u.act + k * interval '30 days'
         from (select id, created_at + random() * (now() - created_at) as act from users where username like 'an\\_%' and premium_source is not null) u
         cross join lateral generate_series(0, floor(extract(epoch from now() - u.act) / (30 * 86400))::int) k`,
      ),
    )

    const visits = Math.ceil(ANALYTICS_PAGE_VIEWS / PAGES_PER_VISIT)
    await step('visits', async () => {
      await client.query(
        `create temp table bench_visits on commit drop as
         select n, md5('bench-visit:' || n) as session_id,
                now() - interval '15 minutes' - power(random(), 1.3) * interval '${DAYS} days' as start_at,
                case when random() < 0.3 then first.id + floor(random() * $2::int)::int end as user_id,
                ($3::text[])[1 + floor(random() * $4::int)::int] as user_agent,
                (1 + floor(random() * 222)) || '.' || floor(random() * 256) || '.' || floor(random() * 256) || '.0' as ip
         from generate_series(0, $1::int - 1) n, (select min(id) as id from users where username like 'an\\_%') first`,
        [visits, ANALYTICS_MEMBERS, AGENTS, AGENTS.length],
      )
    })

    await step('page views', () =>
      client.query(
        `insert into page_views (session_id, user_id, path, user_agent, ip_address, referrer, "timestamp")
         select v.session_id, v.user_id,
                case when v.r < 0.18 then '/' when v.r < 0.26 then '/blog' when v.r < 0.34 then '/vlog'
                     when v.r < 0.72 then '/video/' || c.videos[1 + floor(power(random(), 2.5) * array_length(c.videos, 1))::int]
                     when v.r < 0.93 then '/post/' || c.posts[1 + floor(power(random(), 2.5) * array_length(c.posts, 1))::int]
                     else (array['/categories', '/leaderboard', '/premium', '/merch', '/live'])[1 + floor(random() * 5)::int] end,
                v.user_agent, v.ip, case when v.k = 0 and random() < 0.4 then 'https://www.google.com/' end,
                v.start_at + v.k * (30 + floor(random() * 150)) * interval '1 second'
         from (select b.*, k, random() as r from bench_visits b cross join generate_series(0, ${PAGES_PER_VISIT - 1}) k
               where b.n * ${PAGES_PER_VISIT} + k < $1::int) v
         cross join (select (select array_agg(video_id order by published_at desc) from videos) as videos,
                            (select array_agg(slug order by published_at desc nulls last) from posts where status = 'published') as posts) c
         -- In time order, as a live site appends them (a day's rows sit together on disk).
         order by 7`,
        [ANALYTICS_PAGE_VIEWS],
      ),
    )

    await step('sessions', () =>
      client.query(
        `insert into user_sessions (session_id, user_id, is_authenticated, is_premium, start_time, end_time, total_page_views, total_duration)
         select v.session_id, v.user_id, v.user_id is not null, coalesce(u.is_premium and u.premium_expires_at > now(), false),
                min(p."timestamp"), max(p."timestamp"), count(*), round(extract(epoch from max(p."timestamp") - min(p."timestamp")))
         from bench_visits v join page_views p on p.session_id = v.session_id left join users u on u.id = v.user_id
         group by v.session_id, v.user_id, u.is_premium, u.premium_expires_at
         order by 5`,
      ),
    )

    // Members' visits to a video page played some of it (the progress beats' record).
    await step('video watches', () =>
      client.query(
        `insert into video_analytics (video_id, session_id, user_id, watch_time, completed, "timestamp")
         select distinct on (p.session_id, substr(p.path, 8)) substr(p.path, 8), p.session_id, p.user_id,
                10 + floor(random() * 600), random() < 0.3, p."timestamp" + interval '1 minute'
         from page_views p where p.user_id is not null and p.path like '/video/%'
         order by p.session_id, substr(p.path, 8), p."timestamp"`,
      ),
    )
    // In time order too (distinct on needed the session order above).
    await step('video watches in time order', () =>
      client.query(
        `create temp table bench_watches on commit drop as select * from video_analytics order by "timestamp";
         truncate video_analytics;
         insert into video_analytics select * from bench_watches`,
      ),
    )

    await step('indexes', async () => {
      for (const definition of dropped) await client.query(definition)
    })
    await client.query('commit')
    await step('vacuum analyze', () => client.query('vacuum analyze users, payments, page_views, user_sessions, video_analytics'))

    const counts = await client.query<{ views: number; sessions: number; watches: number; payments: number }>(
      `select (select count(*) from page_views)::int as views, (select count(*) from user_sessions)::int as sessions,
              (select count(*) from video_analytics)::int as watches, (select count(*) from payments)::int as payments`,
    )
    const c = counts.rows[0]!
    return {
      pageViews: c.views,
      sessions: c.sessions,
      videoWatches: c.watches,
      members: ANALYTICS_MEMBERS,
      payments: c.payments,
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
