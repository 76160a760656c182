import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * An upload URL this service handed to a user; complete-upload accepts nothing else, once. The
 * object it names stays writable while the URL lives, so nothing is ever served or processed from
 * it: complete-upload moves the file to a key no grant can write (UploadIntake).
 */
@Entity({ name: 'upload_grants' })
export class UploadGrantEntity {
  @PrimaryColumn({ name: 'object_key', type: 'varchar', length: 300, primaryKeyConstraintName: 'PK_upload_grants_object_key' })
  objectKey!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** When its PUT URL stops working. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Set once complete-upload claimed it. */
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;
}
