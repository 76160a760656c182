import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The platform preset a reel was made for (tiktok, reels, shorts, youtube, square, portrait). Older reels keep ''. */
export class AddPlatform1764510000000 implements MigrationInterface {
  name = 'AddPlatform1764510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."highlights" ADD "platform" character varying(20) NOT NULL DEFAULT ''`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."highlights" DROP COLUMN "platform"`);
  }
}
