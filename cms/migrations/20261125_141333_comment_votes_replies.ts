import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "comments" ADD COLUMN "parent_id" integer;
  ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");
  -- Hand-written (keep at regeneration): a vote is the reaction 👍 or 👎, one of the two per member
  -- and comment; the vote upsert's ON CONFLICT names this index's columns and predicate.
  CREATE UNIQUE INDEX "comment_reactions_vote_unique" ON "comment_reactions" USING btree ("comment_id","user_id") WHERE "emoji" IN ('👍', '👎');`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "comment_reactions_vote_unique";
  ALTER TABLE "comments" DROP CONSTRAINT "comments_parent_id_comments_id_fk";
  DROP INDEX "comments_parent_idx";
  ALTER TABLE "comments" DROP COLUMN "parent_id";`)
}
