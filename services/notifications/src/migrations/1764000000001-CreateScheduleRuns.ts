import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateScheduleRuns1764000000001 implements MigrationInterface {
  name = 'CreateScheduleRuns1764000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "notifications"."schedule_runs" (
        "key" character varying(100) NOT NULL,
        "ran_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_schedule_runs_key" PRIMARY KEY ("key")
      )`);
    await queryRunner.query(`ALTER TABLE "notifications"."mails" ADD "inline_images" jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications"."mails" DROP COLUMN "inline_images"`);
    await queryRunner.query(`DROP TABLE "notifications"."schedule_runs"`);
  }
}
