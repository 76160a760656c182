import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { HighlightEntity } from './highlight.entity';

const bigintAsNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? 0 : Number(v)) };

/**
 * A public link to one reel. Only the id is kept: the token is the id with its HMAC
 * (kit's shareToken), so the table alone opens nothing. Revoked links stay as rows, never listed.
 */
@Entity({ name: 'share_links' })
@Index('IDX_share_links_user_created', ['userId', 'createdAt'])
@Index('IDX_share_links_highlight', ['highlightId'])
export class ShareLinkEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_share_links_id' })
  id!: string;

  @Column({ name: 'highlight_id', type: 'uuid' })
  highlightId!: string;

  /** A link goes with its reel. */
  @ManyToOne(() => HighlightEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'highlight_id', foreignKeyConstraintName: 'FK_share_links_highlight' })
  highlight?: HighlightEntity;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'allow_download', type: 'boolean', default: false })
  allowDownload!: boolean;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  views!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
