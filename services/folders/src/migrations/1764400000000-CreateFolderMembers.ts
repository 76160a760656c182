import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateFolderMembers1764400000000 implements MigrationInterface {
  name = 'CreateFolderMembers1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "folders"."folder_members" (
        "folder_id" uuid NOT NULL,
        "member_user_id" uuid NOT NULL,
        "member_username" character varying(100) NOT NULL,
        "owner_username" character varying(100) NOT NULL,
        "added_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_folder_members" PRIMARY KEY ("folder_id", "member_user_id"),
        CONSTRAINT "FK_folder_members_folder_id" FOREIGN KEY ("folder_id") REFERENCES "folders"."folders"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_folder_members_member_user_id" ON "folders"."folder_members" ("member_user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "folders"."IDX_folder_members_member_user_id"`);
    await queryRunner.query(`DROP TABLE "folders"."folder_members"`);
  }
}
