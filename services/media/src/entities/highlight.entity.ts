import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { CaptionStyle } from '@reelsmith/proto/http';
import type { ReelAspect, ReelFormat, ReelQuality } from '../ffmpeg/args';

export type HighlightStatus = 'queued' | 'processing' | 'ready' | 'error';
export type HighlightKind = 'highlights' | 'export';

export interface StoredMoment {
  start: number;
  end: number;
  score: number;
  reasons: string[];
}
/** A stretch of the source, in seconds. */
export interface StoredRange {
  start: number;
  end: number;
}
export interface StoredTimings {
  analysisSeconds?: number;
  selectionSeconds?: number;
  renderSeconds?: number;
  totalSeconds?: number;
}

const bigintAsNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? 0 : Number(v)) };

/** One AI highlight reel (or editor export) of a video; every generation or edit is a new version. */
@Entity({ name: 'highlights' })
@Index('IDX_highlights_video_created', ['videoId', 'createdAt'])
@Index('IDX_highlights_user_kind_created', ['userId', 'kind', 'createdAt'])
export class HighlightEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_highlights_id' })
  id!: string;

  @Column({ name: 'video_id', type: 'uuid' })
  videoId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 20, default: 'highlights' })
  kind!: HighlightKind;

  @Column({ type: 'int', default: 1 })
  version!: number;

  @Column({ type: 'varchar', length: 20, default: 'queued' })
  status!: HighlightStatus;

  @Column({ type: 'varchar', length: 20, default: 'queued' })
  stage!: string;

  @Column({ type: 'varchar', length: 20, default: 'auto' })
  preset!: string;

  @Column({ name: 'target_length', type: 'int', default: 30 })
  targetLength!: number;

  @Column({ type: 'varchar', length: 10, default: '1080p' })
  quality!: ReelQuality;

  @Column({ type: 'varchar', length: 10, default: 'mp4' })
  format!: ReelFormat;

  @Column({ type: 'varchar', length: 10, default: '16:9' })
  aspect!: ReelAspect;

  /** The platform preset it was made for (PLATFORMS of proto/src/http/reel-targets.ts); '' for none. */
  @Column({ type: 'varchar', length: 20, default: '' })
  platform!: string;

  /** Pad to the target length with weaker moments (else the target is an upper bound). */
  @Column({ name: 'fill_to_length', type: 'boolean', default: false })
  fillToLength!: boolean;

  @Column({ name: 'music_track_id', type: 'varchar', length: 100, default: '' })
  musicTrackId!: string;

  /** Captions burned into the reel from the video's transcript. */
  @Column({ type: 'varchar', length: 10, default: 'none' })
  captions!: CaptionStyle;

  /** Words or phrases asked for on generate: where they are said becomes must-include moments. */
  @Column({ name: 'include_words', type: 'jsonb', default: () => "'[]'" })
  includeWords!: string[];

  /** Ranges marked on generate that must be in the reel whatever they score ("your pick"). */
  @Column({ name: 'include_ranges', type: 'jsonb', default: () => "'[]'" })
  includeRanges!: StoredRange[];

  /** Ranges marked on generate that never appear in the reel (edits of it keep the rule). */
  @Column({ name: 'exclude_ranges', type: 'jsonb', default: () => "'[]'" })
  excludeRanges!: StoredRange[];
  /** The user's brand kit (logo, cards, caption colour, font) is rendered into this reel; edits keep the choice. */
  @Column({ name: 'brand_kit', type: 'boolean', default: false })
  brandKit!: boolean;

  /** Set for edits and exports; selection then keeps them as they are. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  moments!: StoredMoment[];

  /** Score per second of the source, 0..1, for the timeline plot. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  timeline!: number[];

  @Column({ name: 'reel_key', type: 'varchar', length: 300, default: '' })
  reelKey!: string;

  @Column({ name: 'reel_size', type: 'bigint', default: 0, transformer: bigintAsNumber })
  reelSize!: number;

  @Column({ name: 'reel_duration', type: 'double precision', default: 0 })
  reelDuration!: number;

  /**
   * The quality the reel file has: `quality`, or lower when the source could not fill it (reels are
   * never upscaled). '' for reels made before it was recorded.
   */
  @Column({ name: 'rendered_quality', type: 'varchar', length: 10, default: '' })
  renderedQuality!: string;

  /** The reel's picture size in pixels (0: not recorded). */
  @Column({ name: 'reel_width', type: 'int', default: 0 })
  reelWidth!: number;

  @Column({ name: 'reel_height', type: 'int', default: 0 })
  reelHeight!: number;

  /** A JPEG frame of the reel itself, in its shape, stored beside it ('' for reels made before posters). */
  @Column({ name: 'poster_key', type: 'varchar', length: 300, default: '' })
  posterKey!: string;

  /** The engine's summary of what it picked ('4 strong moments found'); '' for edits, exports and older reels. */
  @Column({ type: 'text', default: '' })
  summary!: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  timings!: StoredTimings;

  @Column({ name: 'error_reason', type: 'text', default: '' })
  errorReason!: string;

  /** Retries the user asked for; the current job's dedupe id derives from it (see job-ids.ts). */
  @Column({ type: 'int', default: 0 })
  retries!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
