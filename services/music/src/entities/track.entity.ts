import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

const bigintAsNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? 0 : Number(v)) };

/** One track of the music library, with what the highlight renderer needs: its beats and loudness. */
@Entity({ name: 'tracks' })
@Index('UQ_tracks_filename', ['filename'], { unique: true })
export class TrackEntity {
  /** From the catalogue (a name-based UUID), the same in every database. */
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_tracks_id' })
  id!: string;

  /** Catalogue order. */
  @Column({ type: 'int' })
  position!: number;

  @Column({ type: 'varchar', length: 120 })
  title!: string;

  @Column({ type: 'varchar', length: 120 })
  artist!: string;

  /** music/<filename> in object storage, /music/<filename> over HTTP. */
  @Column({ type: 'varchar', length: 160 })
  filename!: string;

  @Column({ type: 'varchar', length: 20 })
  genre!: string;

  @Column({ type: 'varchar', length: 20 })
  mood!: string;

  /** Seconds, exact to the sample. */
  @Column({ type: 'double precision' })
  duration!: number;

  @Column({ type: 'int' })
  bpm!: number;

  /** Every beat in seconds from the start, as synthesised. */
  @Column({ type: 'double precision', array: true })
  beats!: number[];

  /** Integrated loudness of the file (EBU R128, LUFS). */
  @Column({ name: 'loudness_lufs', type: 'double precision' })
  loudnessLufs!: number;

  /** Plans that include the track (rookie, pro). */
  @Column({ type: 'varchar', length: 20, array: true })
  plans!: string[];

  /** e.g. "A minor". */
  @Column({ name: 'music_key', type: 'varchar', length: 20 })
  musicKey!: string;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  size!: number;

  @Column({ name: 'content_type', type: 'varchar', length: 60 })
  contentType!: string;

  /** Fingerprint of everything that shapes the audio; a different one means the file is made again. */
  @Column({ name: 'audio_hash', type: 'varchar', length: 64 })
  audioHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
