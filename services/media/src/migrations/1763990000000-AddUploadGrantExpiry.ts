import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When an upload grant's PUT URL stops working; grants made before this column count as expired. */
export class AddUploadGrantExpiry1763990000000 implements MigrationInterface {
  name = 'AddUploadGrantExpiry1763990000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."upload_grants" ADD "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    await queryRunner.query(`ALTER TABLE "media"."upload_grants" ALTER COLUMN "expires_at" DROP DEFAULT`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."upload_grants" DROP COLUMN "expires_at"`);
  }
}
