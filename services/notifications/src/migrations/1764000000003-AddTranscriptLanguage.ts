import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The language a user's videos are transcribed in (issue 26), English unless they chose another. */
export class AddTranscriptLanguage1764000000003 implements MigrationInterface {
  name = 'AddTranscriptLanguage1764000000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications"."settings" ADD "transcript_language" character varying(8) NOT NULL DEFAULT 'en'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications"."settings" DROP COLUMN "transcript_language"`);
  }
}
