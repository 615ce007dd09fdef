import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// Data only (the schema is 20261125_070628_premium_paypal). Before PayPal, Premium could only be
// ticked by an admin in /cms: such members become complimentary Premium, and the premium badge
// follows Premium from now on (added where it holds, removed where it does not).

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  UPDATE "users" SET "premium_source" = 'complimentary'
  WHERE "is_premium" AND "premium_source" IS NULL AND "paypal_subscription_id" IS NULL;

  DELETE FROM "users_badges" b USING "users" u
  WHERE b."parent_id" = u."id" AND b."value" = 'premium'
    AND NOT (u."is_premium" AND (u."premium_expires_at" IS NULL OR u."premium_expires_at" > now()));

  INSERT INTO "users_badges" ("order", "parent_id", "value")
  SELECT coalesce((SELECT max(b."order") FROM "users_badges" b WHERE b."parent_id" = u."id"), 0) + 1, u."id", 'premium'
  FROM "users" u
  WHERE u."is_premium" AND (u."premium_expires_at" IS NULL OR u."premium_expires_at" > now())
    AND NOT EXISTS (SELECT 1 FROM "users_badges" b WHERE b."parent_id" = u."id" AND b."value" = 'premium');`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // The source column goes with the schema migration's down; badges stay as they are.
  await db.execute(sql`UPDATE "users" SET "premium_source" = NULL WHERE "premium_source" = 'complimentary'`)
}
