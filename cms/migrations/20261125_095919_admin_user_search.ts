import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// Hand-written (the schema is 20261125_095918_site_settings_admin):
// - the Badges tab's search (cms/services/admin-users/list.ts) matches the start of a username or
//   an email, case-insensitively: `lower(col) LIKE 'abc%'` uses these indexes whatever the
//   database's collation (text_pattern_ops), so it stays an index range scan with many members;
// - the stored moderator badge follows isModerator from now on (keepModeratorBadge): added where
//   the flag is set, removed where it is not.

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE INDEX IF NOT EXISTS "users_username_prefix_idx" ON "users" (lower("username") text_pattern_ops);
  CREATE INDEX IF NOT EXISTS "users_email_prefix_idx" ON "users" (lower("email") text_pattern_ops);

  DELETE FROM "users_badges" b USING "users" u
  WHERE b."parent_id" = u."id" AND b."value" = 'moderator' AND NOT coalesce(u."is_moderator", false);

  INSERT INTO "users_badges" ("order", "parent_id", "value")
  SELECT coalesce((SELECT max(b."order") FROM "users_badges" b WHERE b."parent_id" = u."id"), 0) + 1, u."id", 'moderator'
  FROM "users" u
  WHERE u."is_moderator"
    AND NOT EXISTS (SELECT 1 FROM "users_badges" b WHERE b."parent_id" = u."id" AND b."value" = 'moderator');`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // Badges stay as they are.
  await db.execute(sql`
  DROP INDEX IF EXISTS "users_username_prefix_idx";
  DROP INDEX IF EXISTS "users_email_prefix_idx";`)
}
