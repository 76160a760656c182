import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a reel file is (the quality actually rendered, never above the source's, and its pixel size),
 * its poster (a frame of the reel) and the engine's summary. Older reels keep the defaults.
 */
export class AddReelFacts1764200000000 implements MigrationInterface {
  name = 'AddReelFacts1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."highlights" ADD "rendered_quality" character varying(10) NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE "media"."highlights" ADD "reel_width" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "media"."highlights" ADD "reel_height" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "media"."highlights" ADD "poster_key" character varying(300) NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE "media"."highlights" ADD "summary" text NOT NULL DEFAULT ''`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."highlights" DROP COLUMN "summary"`);
    await queryRunner.query(`ALTER TABLE "media"."highlights" DROP COLUMN "poster_key"`);
    await queryRunner.query(`ALTER TABLE "media"."highlights" DROP COLUMN "reel_height"`);
    await queryRunner.query(`ALTER TABLE "media"."highlights" DROP COLUMN "reel_width"`);
    await queryRunner.query(`ALTER TABLE "media"."highlights" DROP COLUMN "rendered_quality"`);
  }
}
