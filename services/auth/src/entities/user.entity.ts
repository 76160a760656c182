import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

@Entity({ name: 'users' })
@Unique('UQ_users_username_normalized', ['usernameNormalized'])
export class UserEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_users_id' })
  id!: string;

  /** As the user typed it, shown back to them. */
  @Column({ type: 'varchar', length: 32 })
  username!: string;

  /** Lower-cased username: makes "Bob" and "bob" the same account. */
  @Column({ name: 'username_normalized', type: 'varchar', length: 32 })
  usernameNormalized!: string;

  /** argon2id, PHC string format. */
  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
