// SQL fragments shared by the rollup and the dashboard's reads.
import { sql } from '@payloadcms/db-postgres'

import { RETENTION_BUCKETS } from '../../../shared/analytics-sources'

type SQL = ReturnType<typeof sql>

/**
 * A page view's referring host: the stored one, or for rows recorded before hosts were stored the
 * host read from the referrer (lower case, www. dropped, as `referrerHost` does). Null: direct.
 */
export const referrerHostOf = (table: SQL) =>
  sql`coalesce(${table}.referrer_host, nullif(regexp_replace(lower(substring(${table}.referrer from '^https?://([^/:?#]+)')), '^www\\.', ''), ''))`

/** A jsonb array of 20 counts: the rows whose `reached` mask (integer) has each twentieth's bit. */
export const retentionCounts = (reached: SQL) =>
  sql`to_jsonb(array[${sql.join(
    Array.from({ length: RETENTION_BUCKETS }, (_, i) => sql`count(*) filter (where (${reached} & ${sql.raw(String(1 << i))}) <> 0)`),
    sql`, `,
  )}])`
