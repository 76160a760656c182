import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateFolders1763730000000 implements MigrationInterface {
  name = 'CreateFolders1763730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "folders"."folders" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "name" character varying(100) NOT NULL,
        "description" character varying(500),
        "color" character varying(7) NOT NULL DEFAULT '#ff6600',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_folders_id" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_folders_user_id_created_at" ON "folders"."folders" ("user_id", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "folders"."IDX_folders_user_id_created_at"`);
    await queryRunner.query(`DROP TABLE "folders"."folders"`);
  }
}
