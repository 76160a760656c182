import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBatches1763730000000 implements MigrationInterface {
  name = 'CreateBatches1763730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "batches"."batches" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "name" character varying(120) NOT NULL,
        "description" character varying(1000) NOT NULL DEFAULT '',
        "status" character varying(20) NOT NULL DEFAULT 'pending',
        "total_videos" integer NOT NULL DEFAULT 0,
        "processed_videos" integer NOT NULL DEFAULT 0,
        "failed_videos" integer NOT NULL DEFAULT 0,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_batches_id" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_batches_user_created" ON "batches"."batches" ("user_id", "created_at")`);
    await queryRunner.query(`
      CREATE TABLE "batches"."batch_videos" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "batch_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "video_id" uuid,
        "position" integer NOT NULL,
        "object_key" character varying(200) NOT NULL,
        "original_filename" character varying(255) NOT NULL,
        "size" bigint NOT NULL,
        "status" character varying(20) NOT NULL,
        "error_reason" text NOT NULL DEFAULT '',
        "highlight_id" uuid,
        "processed_at" TIMESTAMP WITH TIME ZONE,
        "settled_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_batch_videos_id" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_batch_videos_batch" ON "batches"."batch_videos" ("batch_id", "position")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_batch_videos_video" ON "batches"."batch_videos" ("video_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "batches"."batch_videos"`);
    await queryRunner.query(`DROP TABLE "batches"."batches"`);
  }
}
