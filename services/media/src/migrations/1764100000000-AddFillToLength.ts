import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A reel may ask to be padded to its target length; by default the target is an upper bound. */
export class AddFillToLength1764100000000 implements MigrationInterface {
  name = 'AddFillToLength1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."highlights" ADD "fill_to_length" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."highlights" DROP COLUMN "fill_to_length"`);
  }
}
