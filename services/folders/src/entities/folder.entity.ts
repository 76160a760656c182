import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'folders' })
@Index('IDX_folders_user_id_created_at', ['userId', 'createdAt'])
export class FolderEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_folders_id' })
  id!: string;

  /** The owner; every read and write is filtered by it. */
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** Null when the folder has none (an empty description is not kept). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  description!: string | null;

  /** One of the ten palette colours, #rrggbb. */
  @Column({ type: 'varchar', length: 7, default: '#ff6600' })
  color!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
