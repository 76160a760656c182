import { USERNAME_MAX } from '@reelsmith/proto/http';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

@Entity({ name: 'users' })
@Unique('UQ_users_username_normalized', ['usernameNormalized'])
export class UserEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_users_id' })
  id!: string;

  /** As the user typed it, shown back to them. */
  @Column({ type: 'varchar', length: USERNAME_MAX })
  username!: string;

  /** normalizeUsername(username): makes "Bob", "bob" and "ｂｏｂ" the same account; validated to fit too. */
  @Column({ name: 'username_normalized', type: 'varchar', length: USERNAME_MAX })
  usernameNormalized!: string;

  /** argon2id, PHC string format. */
  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
