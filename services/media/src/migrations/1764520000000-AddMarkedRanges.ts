import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The ranges a creator marked on generate: must-include and never-include. Older reels keep []. */
export class AddMarkedRanges1764520000000 implements MigrationInterface {
  name = 'AddMarkedRanges1764520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."highlights" ADD "include_ranges" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`ALTER TABLE "media"."highlights" ADD "exclude_ranges" jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."highlights" DROP COLUMN "exclude_ranges"`);
    await queryRunner.query(`ALTER TABLE "media"."highlights" DROP COLUMN "include_ranges"`);
  }
}
