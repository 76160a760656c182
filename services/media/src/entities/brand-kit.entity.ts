import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { BrandCardJson, BrandFont, LogoPosition } from '@reelsmith/proto/http';

/** A card as stored: what BrandCardJson says. */
export type StoredCard = BrandCardJson;

/** A user's brand kit (one row per user); the logo itself is a PNG in the bucket (brand/<userId>/logo-<id>.png). */
@Entity({ name: 'brand_kits' })
export class BrandKitEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_brand_kits_user_id' })
  userId!: string;

  /** '' without a logo. */
  @Column({ name: 'logo_key', type: 'varchar', length: 300, default: '' })
  logoKey!: string;

  @Column({ name: 'logo_width', type: 'int', default: 0 })
  logoWidth!: number;

  @Column({ name: 'logo_height', type: 'int', default: 0 })
  logoHeight!: number;

  @Column({ name: 'logo_position', type: 'varchar', length: 20, default: 'top-right' })
  logoPosition!: LogoPosition;

  @Column({ name: 'logo_opacity', type: 'double precision' })
  logoOpacity!: number;

  /** The logo's width as a share of the frame's width. */
  @Column({ name: 'logo_size', type: 'double precision' })
  logoSize!: number;

  @Column({ type: 'jsonb' })
  intro!: StoredCard;

  @Column({ type: 'jsonb' })
  outro!: StoredCard;

  @Column({ name: 'caption_color', type: 'varchar', length: 7, default: '#ffffff' })
  captionColor!: string;

  @Column({ type: 'varchar', length: 30, default: 'DejaVu Sans' })
  font!: BrandFont;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
