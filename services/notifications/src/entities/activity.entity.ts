import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What happened to a user's videos (from media's events), summed up by the weekly digest. */
@Entity({ name: 'activity' })
@Index('IDX_activity_user_time', ['userId', 'occurredAt'])
export class ActivityEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_activity_id' })
  id!: string;

  /** The event id: a redelivered event is counted once. */
  @Index('UQ_activity_event_id', { unique: true })
  @Column({ name: 'event_id', type: 'varchar', length: 200 })
  eventId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** video (processed), reel (ready) or failure. */
  @Column({ type: 'varchar', length: 10 })
  kind!: string;

  /** Seconds of footage, for processed videos. */
  @Column({ type: 'double precision', default: 0 })
  seconds!: number;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;
}
