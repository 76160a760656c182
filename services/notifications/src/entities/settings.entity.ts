import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One user's profile, notification flags and privacy options; absent until first saved (defaults apply). */
@Entity({ name: 'settings' })
@Index('IDX_settings_auto_delete', ['autoDeleteAfter30Days'])
export class SettingsEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_settings_user_id' })
  userId!: string;

  @Column({ type: 'varchar', length: 254, default: '' })
  email!: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  name!: string;

  @Column({ name: 'upload_confirmation', type: 'boolean', default: true })
  uploadConfirmation!: boolean;

  @Column({ name: 'highlight_completion', type: 'boolean', default: true })
  highlightCompletion!: boolean;

  @Column({ name: 'processing_errors', type: 'boolean', default: true })
  processingErrors!: boolean;

  @Column({ name: 'weekly_digest', type: 'boolean', default: false })
  weeklyDigest!: boolean;

  @Column({ name: 'auto_delete_after_30_days', type: 'boolean', default: false })
  autoDeleteAfter30Days!: boolean;

  @Column({ name: 'public_highlights', type: 'boolean', default: false })
  publicHighlights!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
