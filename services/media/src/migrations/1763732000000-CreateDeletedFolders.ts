import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateDeletedFolders1763732000000 implements MigrationInterface {
  name = 'CreateDeletedFolders1763732000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "media"."deleted_folders" (
        "folder_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "deleted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_deleted_folders" PRIMARY KEY ("folder_id", "user_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "media"."deleted_folders"`);
  }
}
