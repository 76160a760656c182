import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The music track picked in the library, kept with the settings so every device has it. */
export class AddMusicTrackId1764000000002 implements MigrationInterface {
  name = 'AddMusicTrackId1764000000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications"."settings" ADD "music_track_id" character varying(64) NOT NULL DEFAULT ''`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications"."settings" DROP COLUMN "music_track_id"`);
  }
}
