import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

const bigintAsNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? 0 : Number(v)) };

/** One file of a batch and where it is in the pipeline (rules.ItemStatus). */
@Entity({ name: 'batch_videos' })
@Index('IDX_batch_videos_batch', ['batchId', 'position'])
@Index('UQ_batch_videos_video', ['videoId'], { unique: true })
export class BatchVideoEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_batch_videos_id' })
  id!: string;

  @Column({ name: 'batch_id', type: 'uuid' })
  batchId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** Chosen here before media is asked, so events for it can never arrive before the row. Null once refused. */
  @Column({ name: 'video_id', type: 'uuid', nullable: true })
  videoId!: string | null;

  /** Order of upload within the batch. */
  @Column({ type: 'int' })
  position!: number;

  @Column({ name: 'object_key', type: 'varchar', length: 200 })
  objectKey!: string;

  @Column({ name: 'original_filename', type: 'varchar', length: 255 })
  originalFilename!: string;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  size!: number;

  @Column({ type: 'varchar', length: 20 })
  status!: string;

  @Column({ name: 'error_reason', type: 'text', default: '' })
  errorReason!: string;

  @Column({ name: 'highlight_id', type: 'uuid', nullable: true })
  highlightId!: string | null;

  /** When media's worker finished processing the video. */
  @Column({ name: 'processed_at', type: 'timestamptz', nullable: true })
  processedAt!: Date | null;

  /** When it became processed (highlights ready) or failed. */
  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
