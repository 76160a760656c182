import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A bulk batch; its counters and status are recounted from its items on every change. */
@Entity({ name: 'batches' })
@Index('IDX_batches_user_created', ['userId', 'createdAt'])
export class BatchEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_batches_id' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  description!: string;

  /** pending, processing, completed or error (rules.batchStatus). */
  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: string;

  @Column({ name: 'total_videos', type: 'int', default: 0 })
  totalVideos!: number;

  @Column({ name: 'processed_videos', type: 'int', default: 0 })
  processedVideos!: number;

  @Column({ name: 'failed_videos', type: 'int', default: 0 })
  failedVideos!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
