// Shared by the points-*.test.ts suites (not a test file itself).
import { sql } from './sql'

export type LedgerRow = { id: number; activity_type: string; points: number; description: string; content_type: string | null; content_id: string | null; idempotency_key: string }

/** The member's ledger rows, oldest first. */
export const ledgerOf = (userId: number) =>
  sql<LedgerRow>(
    'select id, activity_type, points::int as points, description, content_type, content_id, idempotency_key from point_activities where user_id = $1 order by id',
    [userId],
  )

export const rowsOfType = async (userId: number, activityType: string) => (await ledgerOf(userId)).filter((row) => row.activity_type === activityType)

/** points, total, level and streak as stored on the member's row. */
export async function totalsOf(userId: number) {
  const [row] = await sql<{ points: number; total: number; level: number; streak: number }>(
    'select points::int as points, total_points_earned::int as total, level::int as level, streak::int as streak from users where id = $1',
    [userId],
  )
  return row!
}

/** Rows added by `action`: the ledger after minus the ledger before. */
export async function rowsAddedBy<T>(userId: number, action: () => Promise<T>): Promise<{ result: T; rows: LedgerRow[] }> {
  const before = new Set((await ledgerOf(userId)).map((row) => row.id))
  const result = await action()
  return { result, rows: (await ledgerOf(userId)).filter((row) => !before.has(row.id)) }
}

export const sumOf = (rows: LedgerRow[]) => rows.reduce((sum, row) => sum + row.points, 0)

export const AWARD_KEYS = ['achievementUnlocked', 'levelUp', 'newLevel', 'pointsAwarded']
