import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Public links to reels; they go with their reel (a deleted video takes its reels and their links). */
export class CreateShareLinks1764500000000 implements MigrationInterface {
  name = 'CreateShareLinks1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "media"."share_links" (
        "id" uuid NOT NULL,
        "highlight_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "allow_download" boolean NOT NULL DEFAULT false,
        "expires_at" TIMESTAMP WITH TIME ZONE,
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        "views" bigint NOT NULL DEFAULT '0',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_share_links_id" PRIMARY KEY ("id"),
        CONSTRAINT "FK_share_links_highlight" FOREIGN KEY ("highlight_id") REFERENCES "media"."highlights"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_share_links_user_created" ON "media"."share_links" ("user_id", "created_at")`);
    await queryRunner.query(`CREATE INDEX "IDX_share_links_highlight" ON "media"."share_links" ("highlight_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "media"."share_links"`);
  }
}
