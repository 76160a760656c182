import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export interface InlineImage {
  cid: string;
  filename: string;
  contentType: string;
  base64: string;
}

/**
 * Every mail the service decided on: the outbox (pending, with its next attempt) and the log
 * (sent, failed with the SMTP error, skipped with the reason). `dedupeKey` is unique: the id of
 * the event it answers (or digest:<user>:<ISO week>), so an event delivered twice is one mail.
 */
@Entity({ name: 'mails' })
@Index('IDX_mails_user_created', ['userId', 'createdAt'])
@Index('IDX_mails_due', ['status', 'nextAttemptAt'])
export class MailEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_mails_id' })
  id!: string;

  @Index('UQ_mails_dedupe_key', { unique: true })
  @Column({ name: 'dedupe_key', type: 'varchar', length: 200 })
  dedupeKey!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** upload, highlight, error, batch, digest or test. */
  @Column({ type: 'varchar', length: 20 })
  kind!: string;

  @Column({ name: 'to_address', type: 'varchar', length: 254, default: '' })
  toAddress!: string;

  @Column({ type: 'varchar', length: 300, default: '' })
  subject!: string;

  @Column({ type: 'text', default: '' })
  html!: string;

  @Column({ type: 'text', default: '' })
  text!: string;

  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  @Column({ type: 'jsonb', default: () => `'{}'` })
  headers!: Record<string, string>;

  /** Images the HTML shows by cid (the reel's thumbnail), base64, sent as inline attachments. */
  @Column({ name: 'inline_images', type: 'jsonb', default: () => `'[]'` })
  inlineImages!: InlineImage[];

  /** pending, sent, failed or skipped. */
  @Column({ type: 'varchar', length: 10 })
  status!: string;

  /** The last SMTP error, or why the mail was skipped. */
  @Column({ type: 'varchar', length: 1000, default: '' })
  detail!: string;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  /** Set while one replica sends it, so two replicas never send the same mail at once. */
  @Column({ name: 'claimed_until', type: 'timestamptz', nullable: true })
  claimedUntil!: Date | null;

  @Column({ name: 'message_id', type: 'varchar', length: 300, default: '' })
  messageId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;
}
