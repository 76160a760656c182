import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A reel's caption style and the words asked for on generate. Older reels keep none and []. */
export class AddCaptions1764410000000 implements MigrationInterface {
  name = 'AddCaptions1764410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."highlights" ADD "captions" character varying(10) NOT NULL DEFAULT 'none'`);
    await queryRunner.query(`ALTER TABLE "media"."highlights" ADD "include_words" jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."highlights" DROP COLUMN "include_words"`);
    await queryRunner.query(`ALTER TABLE "media"."highlights" DROP COLUMN "captions"`);
  }
}
