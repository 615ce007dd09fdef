import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

/**
 * Only the points service writes a member's points, total, level and streak. Payload writes a
 * users row whole (its update, and login/logout adding or removing a session) from a copy it read
 * earlier, which would put back the points of that moment over an award committed in between.
 * This trigger keeps the stored values unless the transaction set app.points_write = 'on'
 * (cms/services/points/ledger.ts does, for its own update only).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE FUNCTION "users_keep_points"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF coalesce(current_setting('app.points_write', true), '') <> 'on' THEN
      NEW.points := OLD.points;
      NEW.total_points_earned := OLD.total_points_earned;
      NEW.level := OLD.level;
      NEW.streak := OLD.streak;
      NEW.streak_freezes := OLD.streak_freezes;
      NEW.last_streak_day := OLD.last_streak_day;
      NEW.last_activity_at := OLD.last_activity_at;
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER "users_keep_points" BEFORE UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION "users_keep_points"();`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER IF EXISTS "users_keep_points" ON "users";
  DROP FUNCTION IF EXISTS "users_keep_points"();`)
}
