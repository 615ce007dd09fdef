// GET /api/admin/users-with-badges: one page of members, searched by username, email or member number.
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { BadgeCode } from '../../../shared/constants'
import type { AdminUserListQuery, AdminUserPage, AdminUserSummary } from '../../../shared/schemas/admin-users'
import { totalPagesFor } from '../../../shared/schemas/pagination'
import { holdsPremium } from '../../access/members'
import { poolDb, type Db } from '../db/transactions'
import { assertCanManageMembers, type Caller } from './access'
import { profileBadges } from '../profile/public-profile'

type Row = Record<string, unknown>
type SQL = ReturnType<typeof sql>

/** The columns a summary needs, and each member's stored badges in the same statement. */
const SELECT = sql`
  select u.id, u.username, u.email, u.member_number, u.is_moderator, u.is_admin, u.is_premium, u.premium_expires_at,
         array(select b.value::text from users_badges b where b.parent_id = u.id order by b."order") as badges
  from users u`

const iso = (value: unknown): string | null => (value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : null)

export function toAdminUserSummary(row: Row): AdminUserSummary {
  const premiumExpiresAt = iso(row.premium_expires_at)
  const flags = { isPremium: Boolean(row.is_premium), premiumExpiresAt, isModerator: Boolean(row.is_moderator) }
  const stored = Array.isArray(row.badges) ? row.badges.map(String) : []
  return {
    id: Number(row.id),
    username: String(row.username ?? ''),
    email: typeof row.email === 'string' && row.email ? row.email : null,
    memberNumber: row.member_number === null || row.member_number === undefined ? null : Number(row.member_number),
    badges: profileBadges({ ...flags, badges: stored } as Parameters<typeof profileBadges>[0]) as BadgeCode[],
    isModerator: flags.isModerator,
    isAdmin: Boolean(row.is_admin),
    isPremium: holdsPremium(flags),
  }
}

/** LIKE's wildcards taken literally (backslash is LIKE's default escape). */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The search as a WHERE clause: a prefix of the username or of the email (case-insensitive), or a
 * member number ('#12' or '12'). Prefixes, not substrings: with thousands of members a
 * `lower(col) LIKE 'abc%'` walks the text_pattern_ops indexes of the `admin_user_search`
 * migration, where '%abc%' would read every row.
 */
export function searchCondition(search: string | undefined): SQL {
  if (!search) return sql`true`
  const text = search.toLowerCase().replace(/^@/, '')
  const number = /^#?(\d{1,9})$/.exec(search)?.[1]
  const prefix = likePrefix(text)
  const byNumber = number ? sql` or u.member_number = ${Number(number)}` : sql``
  return sql`(lower(u.username) like ${prefix} or lower(u.email) like ${prefix}${byNumber})`
}

/** Members in member-number order (founders first; accounts without a number last, by id). */
export async function listUsersWithBadges(payload: Payload, { user, query }: { user: Caller; query: AdminUserListQuery }): Promise<AdminUserPage> {
  assertCanManageMembers(user)
  const db = poolDb(payload)
  const where = searchCondition(query.search)
  const offset = (query.page - 1) * query.limit
  const [page, count] = await Promise.all([
    db.execute(sql`${SELECT} where ${where} order by u.member_number asc nulls last, u.id asc limit ${query.limit} offset ${offset}`),
    db.execute(sql`select count(*)::int as n from users u where ${where}`),
  ])
  const totalDocs = Number(count.rows[0]?.n ?? 0)
  return {
    users: page.rows.map(toAdminUserSummary),
    totalDocs,
    totalPages: totalPagesFor(totalDocs, query.limit),
    page: query.page,
    limit: query.limit,
  }
}

/** One member's summary as `db` sees it (inside a write's transaction, its own changes included). */
export async function findAdminUserSummary(db: Db, id: number): Promise<AdminUserSummary | null> {
  const { rows } = await db.execute(sql`${SELECT} where u.id = ${id}`)
  return rows[0] ? toAdminUserSummary(rows[0]) : null
}
