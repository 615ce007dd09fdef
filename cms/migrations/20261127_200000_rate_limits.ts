import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

/**
 * The counters behind rate limits and sign-in backoff (cms/services/rate-limit/store.ts), shared
 * by every server process on the database. Not a Payload collection (so no snapshot): the shape
 * rate-limiter-flexible's RateLimiterPostgres reads and upserts (key = "<rule>:<key>", points in
 * the window, expire in epoch milliseconds). The expire index keeps its sweep of rows expired
 * over an hour ago (every 5 minutes, per process) from reading the whole table.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE IF NOT EXISTS "rate_limits" (
    "key" varchar(255) PRIMARY KEY,
    "points" integer NOT NULL DEFAULT 0,
    "expire" bigint
  );
  CREATE INDEX IF NOT EXISTS "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE IF EXISTS "rate_limits";`)
}
