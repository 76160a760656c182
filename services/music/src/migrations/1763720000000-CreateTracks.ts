import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTracks1763720000000 implements MigrationInterface {
  name = 'CreateTracks1763720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "music"."tracks" (
        "id" uuid NOT NULL,
        "position" integer NOT NULL,
        "title" character varying(120) NOT NULL,
        "artist" character varying(120) NOT NULL,
        "filename" character varying(160) NOT NULL,
        "genre" character varying(20) NOT NULL,
        "mood" character varying(20) NOT NULL,
        "duration" double precision NOT NULL,
        "bpm" integer NOT NULL,
        "beats" double precision array NOT NULL,
        "loudness_lufs" double precision NOT NULL,
        "plans" character varying(20) array NOT NULL,
        "music_key" character varying(20) NOT NULL,
        "size" bigint NOT NULL,
        "content_type" character varying(60) NOT NULL,
        "audio_hash" character varying(64) NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_tracks_id" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_tracks_filename" ON "music"."tracks" ("filename")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "music"."tracks"`);
  }
}
