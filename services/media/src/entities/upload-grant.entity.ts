import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An upload URL this service handed to a user; complete-upload accepts nothing else. */
@Entity({ name: 'upload_grants' })
export class UploadGrantEntity {
  @PrimaryColumn({ name: 'object_key', type: 'varchar', length: 300, primaryKeyConstraintName: 'PK_upload_grants_object_key' })
  objectKey!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Set once a video was created from it. */
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;
}
