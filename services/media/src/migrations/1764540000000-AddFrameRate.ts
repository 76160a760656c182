import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A video's frame rate (for project files' timecodes). Older videos keep 0/0 until a project file probes them. */
export class AddFrameRate1764540000000 implements MigrationInterface {
  name = 'AddFrameRate1764540000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."videos" ADD "frame_rate_num" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "media"."videos" ADD "frame_rate_den" integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."videos" DROP COLUMN "frame_rate_den"`);
    await queryRunner.query(`ALTER TABLE "media"."videos" DROP COLUMN "frame_rate_num"`);
  }
}
