import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type VideoStatus = 'uploaded' | 'processing' | 'processed' | 'error';

const bigintAsNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? 0 : Number(v)) };

@Entity({ name: 'videos' })
@Index('IDX_videos_user_created', ['userId', 'createdAt'])
export class VideoEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_videos_id' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ name: 'original_filename', type: 'varchar', length: 255 })
  originalFilename!: string;

  /** uploads/<userId>/<uuid>; empty for a trim until the worker has cut it. */
  @Column({ name: 'object_key', type: 'varchar', length: 300, default: '' })
  objectKey!: string;

  @Column({ name: 'file_size', type: 'bigint', default: 0, transformer: bigintAsNumber })
  fileSize!: number;

  @Column({ type: 'double precision', default: 0 })
  duration!: number;

  @Column({ type: 'varchar', length: 20, default: 'uploaded' })
  status!: VideoStatus;

  /** Where the pipeline is: queued, cutting, validating, thumbnail, transcoding, done, failed. */
  @Column({ type: 'varchar', length: 20, default: 'queued' })
  stage!: string;

  @Column({ name: 'error_reason', type: 'text', default: '' })
  errorReason!: string;

  /** Retries the user asked for; the current job's dedupe id derives from it (see job-ids.ts). */
  @Column({ type: 'int', default: 0 })
  retries!: number;

  @Column({ name: 'thumbnail_key', type: 'varchar', length: 300, default: '' })
  thumbnailKey!: string;

  /** The editor's filmstrip (JPEG, tiled as FILMSTRIP says) and waveform (JSON peaks); '' until made (and the waveform for a video without sound). */
  @Column({ name: 'filmstrip_key', type: 'varchar', length: 300, default: '' })
  filmstripKey!: string;

  @Column({ name: 'waveform_key', type: 'varchar', length: 300, default: '' })
  waveformKey!: string;

  /** The H.264/AAC MP4 made when the original does not play in browsers; empty when it does. */
  @Column({ name: 'proxy_key', type: 'varchar', length: 300, default: '' })
  proxyKey!: string;

  @Column({ name: 'content_type', type: 'varchar', length: 100, default: '' })
  contentType!: string;

  @Column({ type: 'int', default: 0 })
  width!: number;

  @Column({ type: 'int', default: 0 })
  height!: number;

  /** Frames a second of the picture as num/den (30000/1001); 0/0 until probed (videos processed before it was kept). */
  @Column({ name: 'frame_rate_num', type: 'int', default: 0 })
  frameRateNum!: number;

  @Column({ name: 'frame_rate_den', type: 'int', default: 0 })
  frameRateDen!: number;

  @Column({ name: 'video_codec', type: 'varchar', length: 40, default: '' })
  videoCodec!: string;

  @Column({ name: 'audio_codec', type: 'varchar', length: 40, default: '' })
  audioCodec!: string;

  @Column({ name: 'folder_id', type: 'uuid', nullable: true })
  folderId!: string | null;

  @Column({ name: 'batch_id', type: 'uuid', nullable: true })
  batchId!: string | null;

  /** For a trimmed clip: the video it was cut from, and where. */
  @Column({ name: 'source_video_id', type: 'uuid', nullable: true })
  sourceVideoId!: string | null;

  @Column({ name: 'trim_start', type: 'double precision', nullable: true })
  trimStart!: number | null;

  @Column({ name: 'trim_end', type: 'double precision', nullable: true })
  trimEnd!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
