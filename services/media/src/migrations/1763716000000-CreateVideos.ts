import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateVideos1763716000000 implements MigrationInterface {
  name = 'CreateVideos1763716000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "media"."videos" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "title" character varying(200) NOT NULL,
        "original_filename" character varying(255) NOT NULL,
        "object_key" character varying(300) NOT NULL DEFAULT '',
        "file_size" bigint NOT NULL DEFAULT '0',
        "duration" double precision NOT NULL DEFAULT '0',
        "status" character varying(20) NOT NULL DEFAULT 'uploaded',
        "stage" character varying(20) NOT NULL DEFAULT 'queued',
        "error_reason" text NOT NULL DEFAULT '',
        "thumbnail_key" character varying(300) NOT NULL DEFAULT '',
        "proxy_key" character varying(300) NOT NULL DEFAULT '',
        "content_type" character varying(100) NOT NULL DEFAULT '',
        "width" integer NOT NULL DEFAULT '0',
        "height" integer NOT NULL DEFAULT '0',
        "video_codec" character varying(40) NOT NULL DEFAULT '',
        "audio_codec" character varying(40) NOT NULL DEFAULT '',
        "folder_id" uuid,
        "batch_id" uuid,
        "source_video_id" uuid,
        "trim_start" double precision,
        "trim_end" double precision,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_videos_id" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_videos_user_created" ON "media"."videos" ("user_id", "created_at")`);
    await queryRunner.query(`
      CREATE TABLE "media"."upload_grants" (
        "object_key" character varying(300) NOT NULL,
        "user_id" uuid NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "completed_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_upload_grants_object_key" PRIMARY KEY ("object_key")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "media"."upload_grants"`);
    await queryRunner.query(`DROP TABLE "media"."videos"`);
  }
}
