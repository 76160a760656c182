import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763712000000 implements MigrationInterface {
  name = 'CreateUsers1763712000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auth"."users" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "username" character varying(32) NOT NULL,
        "username_normalized" character varying(32) NOT NULL,
        "password_hash" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_users_username_normalized" UNIQUE ("username_normalized"),
        CONSTRAINT "PK_users_id" PRIMARY KEY ("id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth"."users"`);
  }
}
