/**
 * The For You bench fixture (`npm run bench:recs`): a site grown to RECS_ITEMS items and
 * RECS_MEMBERS members with history, generated in SQL on the server (INSERT … SELECT over
 * generate_series), deterministic (`setseed`, no parallel workers).
 *
 * - Catalogue: ~80 % videos (ISO durations 2–45 min, 8 % Premium, 3 % uncut) and ~20 % published
 *   posts, each a copy of a seeded row's required columns (thumbnail, source, content, featured
 *   image) with its own videoId or slug, published over the last two years, filed under a seeded
 *   category. RECS_TAGS content tags, a quarter of them suiting one or two moods (every mood has
 *   its tags); each item carries 2–6 of them (popular tags more often) through video_tags and
 *   post_tags, plus its category's topic tag as the catalogue adds it.
 * - Members: RECS_MEMBERS, the password hash copied from a registered member. Their history is
 *   skewed: 80 % light (a handful of rows, some none), 19 % medium (~70 rows), 1 % heavy
 *   (~850 rows): bookmarks, video_progress (about a third finished, ≥ 80 % of the duration),
 *   post_reads, comments, earlier recommendations over the last 60 days (a week's expiry, ~11 %
 *   with feedback: liked, disliked, not interested) and the moods that made them.
 * - History rows are written in time order, as a live site appends them (a member's rows spread
 *   over the table, not side by side).
 * - Secondary indexes of the tables written are dropped for the load and rebuilt after it (`distinct
 *   on` keeps one row per member and item where a unique index says so), and foreign-key triggers
 *   are off during the load (`session_replication_role = replica`: every id is drawn from the rows
 *   they refer to); the bulk load takes a fraction of the time so.
 */
import pg from 'pg'

import { MOODS, RECOMMENDATION_TYPES } from '../../shared/constants'
import { dropSecondaryIndexes, stepTimer } from './fixture-sql'

export const RECS_ITEMS = Number(process.env.BENCH_RECS_ITEMS ?? 10_000)
export const RECS_MEMBERS = Number(process.env.BENCH_RECS_MEMBERS ?? 100_000)
export const RECS_TAGS = Number(process.env.BENCH_RECS_TAGS ?? 300)
/** Member names: `${MEMBER_PREFIX}${n}`, n from 1. */
export const MEMBER_PREFIX = 'rb_'
export const TIERS = ['light', 'medium', 'heavy'] as const
export type Tier = (typeof TIERS)[number]

export type RecsFixture = {
  videos: number
  posts: number
  items: number
  tags: number
  moodTags: number
  itemTags: number
  members: number
  rows: Record<string, number>
  historyRows: number
  /** Members per tier and their history rows (all kinds) at the median and the largest. */
  tiers: Record<Tier, { members: number; medianRows: number; maxRows: number }>
  seconds: Record<string, number>
  totalSeconds: number
}

const HISTORY_TABLES = ['bookmarks', 'video_progress', 'post_reads', 'comments', 'recommendations', 'user_moods', 'video_tags', 'post_tags', 'videos', 'posts']

/** Per tier: [min, max] rows of each kind a member gets (uniform between). */
const SIZES: Record<Tier, Record<'progress' | 'reads' | 'bookmarks' | 'comments' | 'recs', [number, number]>> = {
  light: { progress: [0, 6], reads: [0, 4], bookmarks: [0, 2], comments: [0, 1], recs: [0, 4] },
  medium: { progress: [8, 30], reads: [5, 25], bookmarks: [3, 15], comments: [1, 6], recs: [10, 40] },
  heavy: { progress: [150, 450], reads: [100, 300], bookmarks: [40, 120], comments: [10, 50], recs: [150, 450] },
}

const between = (tier: Tier, kind: keyof (typeof SIZES)['light']) => {
  const [lo, hi] = SIZES[tier][kind]
  return `${lo} + floor(random() * ${hi - lo + 1})::int`
}
const perTier = (kind: keyof (typeof SIZES)['light']) =>
  `case tier when 'heavy' then ${between('heavy', kind)} when 'medium' then ${between('medium', kind)} else ${between('light', kind)} end`

export async function buildRecsFixture(databaseUrl: string, templateUsername: string, log: (message: string) => void = () => undefined): Promise<RecsFixture> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const { seconds, step } = stepTimer(log, 'recs fixture')
  const started = performance.now()
  const q = (text: string, values: unknown[] = []) => client.query(text, values)
  try {
    // One worker: generated rows come out in the same order every run, so setseed makes the same fixture.
    await q(`set maintenance_work_mem = '256MB'; set work_mem = '64MB'; set synchronous_commit = off; set max_parallel_workers_per_gather = 0`)
    const template = await q('select hash, salt from users where username = $1', [templateUsername])
    if (!template.rows[0]) throw new Error(`recs fixture: no member ${templateUsername} to copy the password from`)
    const { hash, salt } = template.rows[0] as { hash: string; salt: string }
    const existing = (await q(`select (select count(*) from videos)::int as v, (select count(*) from posts where status = 'published')::int as p`)).rows[0] as { v: number; p: number }
    const postsWanted = Math.max(0, Math.round(RECS_ITEMS * 0.2) - existing.p)
    const videosWanted = Math.max(0, RECS_ITEMS - postsWanted - existing.p - existing.v)
    await q('select setseed(0.2024)')
    await q('begin')
    await q('set local session_replication_role = replica')
    const dropped = await dropSecondaryIndexes(client as pg.Client, HISTORY_TABLES)

    await step('tags', async () => {
      await q(
        `insert into content_tags (name, category, description)
         select 'bench topic ' || g, 'topic', case when g % 4 = 0 then 'bench mood story ' || g end from generate_series(1, $1::int) g`,
        [RECS_TAGS],
      )
      // A quarter of the tags suit a mood (tag n → mood n/4 mod 10), every eighth a second one: each mood has its tags.
      await q(
        `insert into content_tags_moods ("order", parent_id, value)
         select m.ord, t.id, ($1::text[])[1 + m.mood]::enum_content_tags_moods
           from (select id, substr(name, 13)::int as n from content_tags where name like 'bench topic %') t
           cross join lateral (values (1, (t.n / 4) % 10), (2, (t.n / 4 + 3) % 10)) m(ord, mood)
          where t.n % 4 = 0 and (m.ord = 1 or t.n % 8 = 0)`,
        [MOODS],
      )
    })

    await step('videos', async () => {
      await q(
        `create temp table bench_videos on commit drop as
         select g, 60 * (2 + floor(random() * 44))::int + floor(random() * 60)::int as dur_s,
                now() - random() * interval '730 days' as published, random() as r
           from generate_series(1, $1::int) g`,
        [videosWanted],
      )
      await q(
        `insert into videos (video_id, title, description, published_at, thumbnail_url, duration, view_count, source, video_url, is_uncut, is_premium,
                             category, updated_at, created_at, is_demo)
         select 'rb' || lpad(b.g::text, 9, '0'), 'Bench video ' || b.g, s.description, b.published, s.thumbnail_url,
                'PT' || (b.dur_s / 60) || 'M' || (b.dur_s % 60) || 'S', floor(power(random(), 3) * 50000), s.source, s.video_url,
                b.r < 0.03, b.r >= 0.03 and b.r < 0.11, c.slugs[1 + floor(random() * array_length(c.slugs, 1))::int], b.published, b.published, false
           from bench_videos b
           cross join (select array_agg(slug order by id) as slugs from categories) c
           join (select row_number() over (order by id) - 1 as k, count(*) over () as n, * from videos where source <> 'manual' and youtube_removed_at is null) s
             on s.k = b.g % s.n
          order by b.g`,
      )
      await q(`alter table bench_videos add column id int; update bench_videos b set id = v.id from videos v where v.video_id = 'rb' || lpad(b.g::text, 9, '0')`)
    })

    await step('posts', async () => {
      await q(
        `insert into posts (title, slug, excerpt, content, category_id, status, _status, featured_image_id, read_time, published_at, search_text,
                            updated_at, created_at)
         select 'Bench post ' || g, 'bench-post-' || g, s.excerpt, s.content, c.ids[1 + floor(random() * array_length(c.ids, 1))::int],
                'published', 'published', s.featured_image_id, s.read_time, p.published, 'Bench post ' || g, p.published, p.published
           from (select g, now() - random() * interval '730 days' as published from generate_series(1, $1::int) g) p
           cross join (select array_agg(id order by id) as ids from categories) c
           join (select row_number() over (order by id) - 1 as k, count(*) over () as n, * from posts where status = 'published') s on s.k = p.g % s.n
          order by g`,
        [postsWanted],
      )
      await q(`create temp table bench_posts on commit drop as select id, slug, title from posts where slug like 'bench-post-%'`)
    })

    await step('item tags', async () => {
      // 2–6 tags an item, the popular ones (low numbers) far more often.
      const tagsOf = (table: string, column: string, source: string) =>
        q(
          `insert into ${table} (${column}, tag_id, relevance_score${source ? ', source' : ''})
           select distinct on (i.id, tag) i.id, t.ids[1 + floor(power(random(), 1.8) * array_length(t.ids, 1))::int] as tag,
                  round((0.3 + 0.7 * random())::numeric, 2)${source}
             from (select id, 2 + floor(random() * 5)::int as n from ${table === 'video_tags' ? 'bench_videos' : 'bench_posts'}) i
             cross join (select array_agg(id order by id) as ids from content_tags where name like 'bench topic %') t
             cross join lateral generate_series(1, i.n) k`,
        )
      await tagsOf('video_tags', 'video_id', ", 'editor'")
      await tagsOf('post_tags', 'post_id', '')
    })

    await step('members', async () => {
      await q(
        `insert into users (username, date_of_birth, is_verified, member_number, hash, salt, points, total_points_earned, level, streak, created_at, updated_at)
         select '${MEMBER_PREFIX}' || g, '1990-01-01', true, base.n + g, $1, $2, 0, 0, 1, 0, now() - random() * interval '730 days', now()
           from generate_series(1, $3::int) g, (select coalesce(max(member_number), 0)::int as n from users) base`,
        [hash, salt, RECS_MEMBERS],
      )
      // Kept in the (throwaway) database: the bench picks its members by tier from it.
      await q(
        `create table bench_recs_members as
         select id, username, tier, ${perTier('progress')} as n_progress, ${perTier('reads')} as n_reads, ${perTier('bookmarks')} as n_bookmarks,
                ${perTier('comments')} as n_comments, ${perTier('recs')} as n_recs
           from (select id, username, case when r < 0.01 then 'heavy' when r < 0.2 then 'medium' else 'light' end as tier
                   from (select id, username, random() as r from users where username like '${MEMBER_PREFIX}%' order by id) u) t`,
      )
    })

    // Items are drawn with a skew (power of a uniform): some far more watched, read and saved than others.
    const video = `(select array_agg(id order by id) from bench_videos)`
    await step('video progress', () =>
      q(
        `insert into video_progress (user_id, video_id, last_position, covered_seconds, last_beat_at, updated_at, created_at)
         select uid, vid, cov, cov, at, at, at from (
         select distinct on (x.uid, x.vid) x.uid, x.vid, c.cov, x.at
           from (select m.id as uid, v.ids[1 + floor(power(random(), 1.5) * array_length(v.ids, 1))::int] as vid, random() as r,
                        now() - random() * interval '700 days' as at, random() as f
                   from bench_recs_members m cross join (select ${video} as ids) v cross join lateral generate_series(1, m.n_progress) k) x
           join bench_videos b on b.id = x.vid
           cross join lateral (select round((case when x.r < 0.35 then b.dur_s * (0.8 + 0.2 * x.f) else b.dur_s * 0.75 * x.f end)::numeric, 1) as cov) c) d
          order by at`,
      ),
    )
    await step('post reads', () =>
      q(
        `insert into post_reads (user_id, post_id, opened_at, updated_at, created_at)
         select uid, post, at, at, at from (
         select distinct on (m.id, post) m.id as uid, p.ids[1 + floor(power(random(), 1.5) * array_length(p.ids, 1))::int] as post, t.at
           from bench_recs_members m cross join (select array_agg(id order by id) as ids from bench_posts) p
           cross join lateral generate_series(1, m.n_reads) k cross join lateral (select now() - random() * interval '700 days' as at) t) d
          order by at`,
      ),
    )
    await step('bookmarks', async () => {
      // 70 % videos, 30 % posts.
      const saved = (kind: 'video' | 'blog_post', share: string, items: string, join: string) =>
        q(
          `insert into bookmarks (user_id, content_type, content_id, title, thumbnail_url, updated_at, created_at)
           select * from (
           select distinct on (x.uid, x.item) x.uid, '${kind}'::enum_bookmarks_content_type, ${kind === 'video' ? 'i.video_id, i.title, i.thumbnail_url' : 'i.slug, i.title, null'}, x.at, x.at as created
             from (select m.id as uid, a.ids[1 + floor(power(random(), 1.5) * array_length(a.ids, 1))::int] as item, now() - random() * interval '700 days' as at
                     from bench_recs_members m cross join (select ${items} as ids) a
                     cross join lateral generate_series(1, round(m.n_bookmarks * ${share})::int) k) x
             join ${join} i on i.id = x.item) d
            order by created`,
        )
      await saved('video', '0.7', video, 'videos')
      await saved('blog_post', '0.3', '(select array_agg(id order by id) from bench_posts)', 'bench_posts')
    })
    await step('comments', () =>
      q(
        `insert into comments (video_id, author_id, author_name, content, updated_at, created_at)
         select v.ids[1 + floor(power(random(), 1.5) * array_length(v.ids, 1))::int], m.id, m.username, 'A bench comment on this video.', t.at, t.at
           from bench_recs_members m cross join (select ${video} as ids) v
           cross join lateral generate_series(1, m.n_comments) k cross join lateral (select now() - random() * interval '700 days' as at) t
          order by t.at`,
      ),
    )
    await step('recommendations', async () => {
      // Earlier lists over the last 60 days (recent ones more often), expiring a week after; ~11 % with feedback.
      await q(
        `insert into recommendations (user_id, content_type, video_id, post_id, recommendation_type, score, reason, mood_context, is_viewed, is_interacted,
                                      feedback, expires_at, updated_at, created_at)
         select x.uid, case when x.isv then 'video' else 'blog_post' end::enum_recommendations_content_type,
                case when x.isv then v.ids[1 + floor(x.pick * array_length(v.ids, 1))::int] end,
                case when not x.isv then p.ids[1 + floor(x.pick * array_length(p.ids, 1))::int] end,
                ($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int]::enum_recommendations_recommendation_type,
                round(random()::numeric, 3), 'Popular with the community right now',
                ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int]::enum_recommendations_mood_context,
                x.f < 0.4, x.f < 0.11,
                case when x.f < 0.06 then 'liked' when x.f < 0.09 then 'disliked' when x.f < 0.11 then 'not_interested' end::enum_recommendations_feedback,
                x.at + interval '7 days', x.at, x.at
           from (select m.id as uid, random() < 0.75 as isv, power(random(), 1.5) as pick, random() as f, now() - power(random(), 2) * interval '60 days' as at
                   from bench_recs_members m cross join lateral generate_series(1, m.n_recs) k) x
           cross join (select ${video} as ids) v cross join (select array_agg(id order by id) as ids from bench_posts) p
          order by x.at`,
        [RECOMMENDATION_TYPES, MOODS],
      )
      await q(
        `insert into user_moods (user_id, mood, intensity, updated_at, created_at)
         select m.id, ($1::text[])[1 + floor(random() * 10)::int]::enum_user_moods_mood, round((0.1 + 0.9 * random())::numeric, 1), t.at, t.at
           from bench_recs_members m cross join lateral generate_series(1, m.n_recs / 10) k cross join lateral (select now() - random() * interval '60 days' as at) t
          order by t.at`,
        [MOODS],
      )
    })

    await step('indexes', async () => {
      for (const definition of dropped) await q(definition)
    })
    await q('commit')
    await step('vacuum analyze', () => q(`vacuum analyze users, content_tags, content_tags_moods, ${HISTORY_TABLES.join(', ')}`))

    const counts = (
      await q(
        `select (select count(*) from videos)::int as videos, (select count(*) from posts where status = 'published')::int as posts,
                (select count(*) from content_tags)::int as tags, (select count(distinct parent_id) from content_tags_moods)::int as mood_tags,
                (select count(*) from video_tags)::int + (select count(*) from post_tags)::int as item_tags,
                (select count(*) from bookmarks)::int as bookmarks, (select count(*) from video_progress)::int as video_progress,
                (select count(*) from post_reads)::int as post_reads, (select count(*) from comments)::int as comments,
                (select count(*) from recommendations)::int as recommendations, (select count(*) from user_moods)::int as user_moods`,
      )
    ).rows[0] as Record<string, number>
    const { videos, posts, tags, mood_tags, item_tags, ...rows } = counts
    return {
      videos: videos!,
      posts: posts!,
      items: videos! + posts!,
      tags: tags!,
      moodTags: mood_tags!,
      itemTags: item_tags!,
      members: RECS_MEMBERS,
      rows,
      historyRows: Object.values(rows).reduce((a, b) => a + b, 0),
      tiers: await memberTiers(client),
      seconds,
      totalSeconds: Math.round((performance.now() - started) / 100) / 10,
    }
  } catch (error) {
    await q('rollback').catch(() => undefined)
    throw error
  } finally {
    await client.end()
  }
}

/** Members per tier, with the history rows the fixture drew for them (before duplicates were dropped). */
async function memberTiers(client: pg.Client): Promise<RecsFixture['tiers']> {
  const { rows } = await client.query<{ tier: Tier; members: number; median: number; max: number }>(
    `select tier, count(*)::int as members, (percentile_disc(0.5) within group (order by n))::int as median, max(n)::int as max
       from (select tier, n_progress + n_reads + n_bookmarks + n_comments + n_recs as n from bench_recs_members) m group by tier`,
  )
  const out = {} as RecsFixture['tiers']
  for (const tier of TIERS) {
    const row = rows.find((r) => r.tier === tier)
    out[tier] = { members: row?.members ?? 0, medianRows: row?.median ?? 0, maxRows: row?.max ?? 0 }
  }
  return out
}
