import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The editor's filmstrip and waveform of a video, made while processing. Older videos keep '' (none). */
export class AddEditorTimeline1764300000000 implements MigrationInterface {
  name = 'AddEditorTimeline1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."videos" ADD "filmstrip_key" character varying(300) NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE "media"."videos" ADD "waveform_key" character varying(300) NOT NULL DEFAULT ''`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."videos" DROP COLUMN "waveform_key"`);
    await queryRunner.query(`ALTER TABLE "media"."videos" DROP COLUMN "filmstrip_key"`);
  }
}
