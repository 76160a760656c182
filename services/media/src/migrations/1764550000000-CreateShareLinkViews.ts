import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Views of share links per day, for the weeks on /analytics; the links' totals stay where they were. */
export class CreateShareLinkViews1764550000000 implements MigrationInterface {
  name = 'CreateShareLinkViews1764550000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "media"."share_link_views" (
        "share_link_id" uuid NOT NULL,
        "day" date NOT NULL,
        "views" integer NOT NULL,
        CONSTRAINT "PK_share_link_views" PRIMARY KEY ("share_link_id", "day"),
        CONSTRAINT "FK_share_link_views_link" FOREIGN KEY ("share_link_id") REFERENCES "media"."share_links"("id") ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "media"."share_link_views"`);
  }
}
