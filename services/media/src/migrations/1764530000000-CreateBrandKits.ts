import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One brand kit per user, and whether a reel has it applied (older reels: no). */
export class CreateBrandKits1764530000000 implements MigrationInterface {
  name = 'CreateBrandKits1764530000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "media"."brand_kits" (
        "user_id" uuid NOT NULL,
        "logo_key" character varying(300) NOT NULL DEFAULT '',
        "logo_width" integer NOT NULL DEFAULT 0,
        "logo_height" integer NOT NULL DEFAULT 0,
        "logo_position" character varying(20) NOT NULL DEFAULT 'top-right',
        "logo_opacity" double precision NOT NULL,
        "logo_size" double precision NOT NULL,
        "intro" jsonb NOT NULL,
        "outro" jsonb NOT NULL,
        "caption_color" character varying(7) NOT NULL DEFAULT '#ffffff',
        "font" character varying(30) NOT NULL DEFAULT 'DejaVu Sans',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_brand_kits_user_id" PRIMARY KEY ("user_id")
      )`,
    );
    await queryRunner.query(`ALTER TABLE "media"."highlights" ADD "brand_kit" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media"."highlights" DROP COLUMN "brand_kit"`);
    await queryRunner.query(`DROP TABLE "media"."brand_kits"`);
  }
}
