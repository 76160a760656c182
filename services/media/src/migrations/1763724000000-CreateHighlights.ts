import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateHighlights1763724000000 implements MigrationInterface {
  name = 'CreateHighlights1763724000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "media"."highlights" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "video_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "kind" character varying(20) NOT NULL DEFAULT 'highlights',
        "version" integer NOT NULL DEFAULT '1',
        "status" character varying(20) NOT NULL DEFAULT 'queued',
        "stage" character varying(20) NOT NULL DEFAULT 'queued',
        "preset" character varying(20) NOT NULL DEFAULT 'auto',
        "target_length" integer NOT NULL DEFAULT '30',
        "quality" character varying(10) NOT NULL DEFAULT '1080p',
        "format" character varying(10) NOT NULL DEFAULT 'mp4',
        "aspect" character varying(10) NOT NULL DEFAULT '16:9',
        "music_track_id" character varying(100) NOT NULL DEFAULT '',
        "moments" jsonb NOT NULL DEFAULT '[]',
        "timeline" jsonb NOT NULL DEFAULT '[]',
        "reel_key" character varying(300) NOT NULL DEFAULT '',
        "reel_size" bigint NOT NULL DEFAULT '0',
        "reel_duration" double precision NOT NULL DEFAULT '0',
        "timings" jsonb NOT NULL DEFAULT '{}',
        "error_reason" text NOT NULL DEFAULT '',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_highlights_id" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_highlights_user_kind_created" ON "media"."highlights" ("user_id", "kind", "created_at")`);
    await queryRunner.query(`CREATE INDEX "IDX_highlights_video_created" ON "media"."highlights" ("video_id", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "media"."highlights"`);
  }
}
