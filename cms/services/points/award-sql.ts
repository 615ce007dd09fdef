// An award's two statements (award.ts): the member's state read under lock, and every write at once.
import type { PointActivityType } from '../../../shared/constants'
import { prepared, runPrepared } from '../db/prepared'
import type { Db } from '../db/transactions'
import { asRarity } from './achievements'
import type { AwardPlan, MemberState } from './award-plan'
import { allPeriodBounds } from './clock'
import { lockedMemberOf } from './ledger'
import { parseJsonColumn } from './ranks'

/** Any member day starts less than this long before now (a day lasts at most 25 hours). */
const DAY_LOOKBACK_MS = 26 * 60 * 60 * 1000

/**
 * The member's row, the day's earlier awards of a capped type, the achievements not unlocked yet
 * with their stored progress, the net counts those need, and the level table. Run only once the
 * transaction holds the member's row lock (lockMemberRow), in a statement of its own: in READ
 * COMMITTED a statement takes its snapshot when it starts, so a locking statement that waited for
 * another award would still count the day's awards from before that award committed, and both
 * would pay past the cap. $1 member, $2 the capped activity type (null: no cap), $3 the earliest
 * instant the day can have started.
 */
export const MEMBER_STATE = prepared(
  'points_member_state',
  `select u.id, u.points, u.total_points_earned, u.level, u.streak, u.streak_freezes, u.last_streak_day, u.member_number,
     case when $2::text is null then '[]'::json else (
       select coalesce(json_agg(p.created_at), '[]'::json) from point_activities p
       where p.user_id = u.id and p.activity_type = $2::text::enum_point_activities_activity_type and p.points > 0 and p.created_at >= $3::timestamptz) end as recent,
     (select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'title', a.title, 'description', a.description, 'icon', a.icon,
        'color', a.color, 'rarity', a.rarity, 'category', a.category, 'metric', a.metric, 'activityType', a.activity_type,
        'targetCount', a.target_count, 'pointsRequired', a.points_required, 'progress', coalesce(ua.progress, 0)) order by a.id), '[]'::json)
      from achievements a left join user_achievements ua on ua.achievement_id = a.id and ua.user_id = u.id
      where ua.unlocked_at is null) as pending,
     (select coalesce(json_object_agg(c.activity_type, c.n), '{}'::json) from (
        select p.activity_type, sum(sign(p.points))::int as n from point_activities p
        where p.user_id = u.id and p.activity_type::text in (
          select a.activity_type::text from achievements a left join user_achievements ua on ua.achievement_id = a.id and ua.user_id = u.id
          where ua.unlocked_at is null and a.metric = 'activity_count' and a.activity_type is not null)
        group by p.activity_type) c) as counts,
     (select coalesce(json_agg(json_build_object('level', l.level, 'pointsRequired', l.points_required) order by l.level), '[]'::json)
      from levels l) as levels
   from users u where u.id = $1`,
)

type PendingJson = {
  id: number
  name: string
  title: string
  description: string | null
  icon: string | null
  color: string | null
  rarity: string
  category: string | null
  metric: string | null
  activityType: string | null
  targetCount: number | null
  pointsRequired: number | null
  progress: number
}

/** The member's state and the times of today's earlier awards of `cappedType`, or null for no such member. The caller holds the member's row lock. */
export async function readMemberState(
  db: Db,
  userId: number,
  cappedType: PointActivityType | null,
  now: Date,
): Promise<{ state: MemberState; recentOfType: Date[] } | null> {
  const [row] = await runPrepared(db, MEMBER_STATE, [userId, cappedType, new Date(now.getTime() - DAY_LOOKBACK_MS).toISOString()])
  if (!row) return null
  const pending = parseJsonColumn<PendingJson[]>(row.pending).map((a) => ({
    id: Number(a.id),
    name: String(a.name),
    title: String(a.title),
    description: String(a.description ?? ''),
    icon: a.icon ?? null,
    color: a.color ?? null,
    rarity: asRarity(a.rarity),
    category: String(a.category ?? 'engagement'),
    metric: a.metric ?? 'activity_count',
    activityType: a.activityType ?? null,
    targetCount: a.targetCount === null ? null : Number(a.targetCount),
    pointsRequired: a.pointsRequired === null ? null : Number(a.pointsRequired),
    progress: Number(a.progress ?? 0),
  }))
  const counts = parseJsonColumn<Record<string, number>>(row.counts ?? {})
  return {
    state: {
      ...lockedMemberOf(row),
      pending,
      activityCounts: Object.fromEntries(Object.entries(counts).map(([type, n]) => [type, Number(n)])),
      levels: parseJsonColumn<{ level: number; pointsRequired: number }[]>(row.levels).map((l) => ({ level: Number(l.level), pointsRequired: Number(l.pointsRequired) })),
    },
    recentOfType: parseJsonColumn<string[]>(row.recent).map((at) => new Date(at)),
  }
}

/**
 * Every write of an award in one statement, all of it only if the award's own row went in (its
 * idempotency key was new): the ledger rows, achievement progress, the member's points columns and
 * the four period totals. The member's points move by what the ledger really took (a row whose key
 * exists adds nothing). The users_keep_points trigger (migration points_columns_guard) lets only a
 * statement that says app.points_write = 'on' change those columns: the member update's FROM item
 * switches it on before its row is updated and RETURNING switches it off (see updateMemberTotals).
 */
export const AWARD_WRITE = prepared(
  'points_award_write',
  `with first as (
     insert into point_activities (user_id, activity_type, points, content_type, content_id, description, metadata, idempotency_key, created_at, updated_at)
     select $1, r.activity_type::enum_point_activities_activity_type, r.points, r.content_type, r.content_id, r.description, r.metadata::jsonb, r.idempotency_key, $2, $2
     from unnest($3::text[], $4::numeric[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
       with ordinality as r(activity_type, points, content_type, content_id, description, metadata, idempotency_key, n)
     where r.n = 1
     on conflict (idempotency_key) do nothing
     returning points),
   more as (
     insert into point_activities (user_id, activity_type, points, content_type, content_id, description, metadata, idempotency_key, created_at, updated_at)
     select $1, r.activity_type::enum_point_activities_activity_type, r.points, r.content_type, r.content_id, r.description, r.metadata::jsonb, r.idempotency_key, $2, $2
     from unnest($3::text[], $4::numeric[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
       with ordinality as r(activity_type, points, content_type, content_id, description, metadata, idempotency_key, n)
     where r.n > 1 and exists (select 1 from first)
     on conflict (idempotency_key) do nothing
     returning points),
   total as (
     select exists (select 1 from first) as awarded,
            coalesce((select sum(points) from first), 0) + coalesce((select sum(points) from more), 0) as points),
   progress as (
     insert into user_achievements (user_id, achievement_id, progress, unlocked_at, is_notified, created_at, updated_at)
     select $1, p.achievement_id, p.progress, case when p.met then $2::timestamptz end, false, $2, $2
     from unnest($10::int[], $11::numeric[], $12::bool[]) as p(achievement_id, progress, met), total t
     where t.awarded
     on conflict (user_id, achievement_id) do update set
       progress = excluded.progress,
       unlocked_at = coalesce(user_achievements.unlocked_at, excluded.unlocked_at),
       updated_at = excluded.updated_at
     returning 1),
   member as (
     update users set
       points = greatest(coalesce(users.points, 0) + t.points, 0),
       total_points_earned = greatest(coalesce(users.total_points_earned, 0) + t.points, 0),
       level = $13, streak = $14, streak_freezes = $15, last_streak_day = $16::text, last_activity_at = $2::timestamptz
     from total t, (select set_config('app.points_write', 'on', true)) as points_write
     where users.id = $1 and t.awarded
     returning set_config('app.points_write', 'off', true) as guard),
   boards as (
     insert into leaderboard_entries (user_id, period, period_start, period_end, points, reached_at, created_at, updated_at)
     select $1, b.period::enum_leaderboard_entries_period, b.period_start, b.period_end, t.points, $2, $2, $2
     from unnest($17::text[], $18::timestamptz[], $19::timestamptz[]) as b(period, period_start, period_end), total t
     where t.awarded and t.points <> 0
     on conflict (user_id, period, period_start) do update set
       points = leaderboard_entries.points + excluded.points,
       reached_at = case when excluded.points > 0 then excluded.reached_at else leaderboard_entries.reached_at end,
       updated_at = excluded.updated_at
     returning 1)
   select t.awarded, t.points, (select count(*) from member)::int as members, (select count(*) from progress)::int as progress,
          (select count(*) from boards)::int as boards
   from total t`,
)

/** Writes `plan` for `userId` at `now`: whether the award's own row went in, and the points the ledger took. */
export async function writeAward(db: Db, userId: number, plan: AwardPlan, now: Date): Promise<{ awarded: boolean; points: number }> {
  const column = <T>(pick: (row: AwardPlan['rows'][number]) => T) => plan.rows.map(pick)
  const bounds = allPeriodBounds(now)
  const [row] = await runPrepared(db, AWARD_WRITE, [
    userId,
    now.toISOString(),
    column((r) => r.activityType),
    column((r) => r.points),
    column((r) => r.contentType ?? null),
    column((r) => r.contentId ?? null),
    column((r) => r.description),
    column((r) => (r.metadata ? JSON.stringify(r.metadata) : null)),
    column((r) => r.idempotencyKey),
    plan.progress.map((p) => p.achievementId),
    plan.progress.map((p) => p.progress),
    plan.progress.map((p) => p.met),
    plan.level,
    plan.streak.streak,
    plan.streak.freezes,
    plan.streak.lastDay,
    bounds.map((b) => b.period),
    bounds.map((b) => b.start.toISOString()),
    bounds.map((b) => b.end?.toISOString() ?? null),
  ])
  return { awarded: Boolean(row?.awarded), points: Number(row?.points ?? 0) }
}
