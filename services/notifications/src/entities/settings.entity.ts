import { DEFAULT_SETTINGS } from '@reelsmith/kit';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One user's profile, notification flags and privacy options; absent until first saved (defaults apply). */
@Entity({ name: 'settings' })
@Index('IDX_settings_auto_delete', ['autoDeleteAfter30Days'])
export class SettingsEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_settings_user_id' })
  userId!: string;

  @Column({ type: 'varchar', length: 254, default: DEFAULT_SETTINGS.email })
  email!: string;

  @Column({ type: 'varchar', length: 100, default: DEFAULT_SETTINGS.name })
  name!: string;

  @Column({ name: 'upload_confirmation', type: 'boolean', default: DEFAULT_SETTINGS.notifications.uploadConfirmation })
  uploadConfirmation!: boolean;

  @Column({ name: 'highlight_completion', type: 'boolean', default: DEFAULT_SETTINGS.notifications.highlightCompletion })
  highlightCompletion!: boolean;

  @Column({ name: 'processing_errors', type: 'boolean', default: DEFAULT_SETTINGS.notifications.processingErrors })
  processingErrors!: boolean;

  @Column({ name: 'weekly_digest', type: 'boolean', default: DEFAULT_SETTINGS.notifications.weeklyDigest })
  weeklyDigest!: boolean;

  @Column({ name: 'auto_delete_after_30_days', type: 'boolean', default: DEFAULT_SETTINGS.privacy.autoDeleteAfter30Days })
  autoDeleteAfter30Days!: boolean;

  @Column({ name: 'public_highlights', type: 'boolean', default: DEFAULT_SETTINGS.privacy.publicHighlights })
  publicHighlights!: boolean;

  /** The music track picked in the library; '' for none. */
  @Column({ name: 'music_track_id', type: 'varchar', length: 64, default: '' })
  musicTrackId!: string;

  /** The language new videos are transcribed in. */
  @Column({ name: 'transcript_language', type: 'varchar', length: 8, default: DEFAULT_SETTINGS.transcriptLanguage })
  transcriptLanguage!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
