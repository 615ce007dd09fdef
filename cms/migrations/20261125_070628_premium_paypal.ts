import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_users_premium_source" AS ENUM('paypal', 'complimentary');
  CREATE TYPE "public"."enum_payments_kind" AS ENUM('activation', 'renewal');
  CREATE TYPE "public"."enum_paypal_webhook_events_outcome" AS ENUM('applied', 'ignored');
  CREATE TABLE "payments" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"reference" varchar NOT NULL,
  	"user_id" integer,
  	"kind" "enum_payments_kind" NOT NULL,
  	"amount_cents" numeric NOT NULL,
  	"currency" varchar NOT NULL,
  	"paid_at" timestamp(3) with time zone,
  	"paypal_subscription_id" varchar NOT NULL,
  	"paypal_payer_id" varchar,
  	"paypal_sale_id" varchar,
  	"paypal_event_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "paypal_webhook_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"event_id" varchar NOT NULL,
  	"event_type" varchar NOT NULL,
  	"resource_id" varchar,
  	"user_id" integer,
  	"received_at" timestamp(3) with time zone NOT NULL,
  	"outcome" "enum_paypal_webhook_events_outcome" NOT NULL,
  	"note" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "users" ADD COLUMN "premium_source" "enum_users_premium_source";
  ALTER TABLE "users" ADD COLUMN "premium_renews" boolean DEFAULT false;
  ALTER TABLE "users" ADD COLUMN "paypal_subscription_status" varchar;
  ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "paypal_webhook_events" ADD CONSTRAINT "paypal_webhook_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "payments_reference_idx" ON "payments" USING btree ("reference");
  CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");
  CREATE INDEX "payments_paypal_subscription_id_idx" ON "payments" USING btree ("paypal_subscription_id");
  CREATE UNIQUE INDEX "payments_paypal_sale_id_idx" ON "payments" USING btree ("paypal_sale_id");
  CREATE INDEX "payments_updated_at_idx" ON "payments" USING btree ("updated_at");
  CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at");
  CREATE UNIQUE INDEX "paypal_webhook_events_event_id_idx" ON "paypal_webhook_events" USING btree ("event_id");
  CREATE INDEX "paypal_webhook_events_event_type_idx" ON "paypal_webhook_events" USING btree ("event_type");
  CREATE INDEX "paypal_webhook_events_resource_id_idx" ON "paypal_webhook_events" USING btree ("resource_id");
  CREATE INDEX "paypal_webhook_events_user_idx" ON "paypal_webhook_events" USING btree ("user_id");
  CREATE INDEX "paypal_webhook_events_updated_at_idx" ON "paypal_webhook_events" USING btree ("updated_at");
  CREATE INDEX "paypal_webhook_events_created_at_idx" ON "paypal_webhook_events" USING btree ("created_at");
  CREATE UNIQUE INDEX "users_paypal_subscription_id_idx" ON "users" USING btree ("paypal_subscription_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payments" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "paypal_webhook_events" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "payments" CASCADE;
  DROP TABLE "paypal_webhook_events" CASCADE;
  DROP INDEX "users_paypal_subscription_id_idx";
  ALTER TABLE "users" DROP COLUMN "premium_source";
  ALTER TABLE "users" DROP COLUMN "premium_renews";
  ALTER TABLE "users" DROP COLUMN "paypal_subscription_status";
  DROP TYPE "public"."enum_users_premium_source";
  DROP TYPE "public"."enum_payments_kind";
  DROP TYPE "public"."enum_paypal_webhook_events_outcome";`)
}
