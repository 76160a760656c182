import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateNotifications1764000000000 implements MigrationInterface {
  name = 'CreateNotifications1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "notifications"."settings" (
        "user_id" uuid NOT NULL,
        "email" character varying(254) NOT NULL DEFAULT '',
        "name" character varying(100) NOT NULL DEFAULT '',
        "upload_confirmation" boolean NOT NULL DEFAULT true,
        "highlight_completion" boolean NOT NULL DEFAULT true,
        "processing_errors" boolean NOT NULL DEFAULT true,
        "weekly_digest" boolean NOT NULL DEFAULT false,
        "auto_delete_after_30_days" boolean NOT NULL DEFAULT false,
        "public_highlights" boolean NOT NULL DEFAULT false,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_settings_user_id" PRIMARY KEY ("user_id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_settings_auto_delete" ON "notifications"."settings" ("auto_delete_after_30_days")`);
    await queryRunner.query(`
      CREATE TABLE "notifications"."mails" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "dedupe_key" character varying(200) NOT NULL,
        "user_id" uuid NOT NULL,
        "kind" character varying(20) NOT NULL,
        "to_address" character varying(254) NOT NULL DEFAULT '',
        "subject" character varying(300) NOT NULL DEFAULT '',
        "html" text NOT NULL DEFAULT '',
        "text" text NOT NULL DEFAULT '',
        "headers" jsonb NOT NULL DEFAULT '{}',
        "status" character varying(10) NOT NULL,
        "detail" character varying(1000) NOT NULL DEFAULT '',
        "attempts" integer NOT NULL DEFAULT 0,
        "next_attempt_at" TIMESTAMP WITH TIME ZONE,
        "claimed_until" TIMESTAMP WITH TIME ZONE,
        "message_id" character varying(300) NOT NULL DEFAULT '',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "sent_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_mails_id" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_mails_dedupe_key" ON "notifications"."mails" ("dedupe_key")`);
    await queryRunner.query(`CREATE INDEX "IDX_mails_user_created" ON "notifications"."mails" ("user_id", "created_at")`);
    await queryRunner.query(`CREATE INDEX "IDX_mails_due" ON "notifications"."mails" ("status", "next_attempt_at")`);
    await queryRunner.query(`
      CREATE TABLE "notifications"."activity" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "event_id" character varying(200) NOT NULL,
        "user_id" uuid NOT NULL,
        "kind" character varying(10) NOT NULL,
        "seconds" double precision NOT NULL DEFAULT 0,
        "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_activity_id" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_activity_event_id" ON "notifications"."activity" ("event_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_activity_user_time" ON "notifications"."activity" ("user_id", "occurred_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notifications"."activity"`);
    await queryRunner.query(`DROP TABLE "notifications"."mails"`);
    await queryRunner.query(`DROP TABLE "notifications"."settings"`);
  }
}
