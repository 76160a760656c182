import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A scheduled run that happened (auto-delete:<YYYY-MM-DD>): its key is unique, so only one replica does it. */
@Entity({ name: 'schedule_runs' })
export class ScheduleRunEntity {
  @PrimaryColumn({ type: 'varchar', length: 100, primaryKeyConstraintName: 'PK_schedule_runs_key' })
  key!: string;

  @CreateDateColumn({ name: 'ran_at', type: 'timestamptz' })
  ranAt!: Date;
}
