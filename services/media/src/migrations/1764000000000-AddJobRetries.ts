import type { MigrationInterface, QueryRunner } from 'typeorm';

/** How often a user retried a failed video or reel: the current job's dedupe id derives from it. */
export class AddJobRetries1764000000000 implements MigrationInterface {
  name = 'AddJobRetries1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."videos" ADD "retries" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "media"."highlights" ADD "retries" integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."highlights" DROP COLUMN "retries"`);
    await queryRunner.query(`ALTER TABLE "media"."videos" DROP COLUMN "retries"`);
  }
}
