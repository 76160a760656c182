import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { FolderEntity } from './folder.entity';

/** A teammate the folder's owner shared the folder with; gone with the folder. */
@Entity({ name: 'folder_members' })
@Index('IDX_folder_members_member_user_id', ['memberUserId'])
export class FolderMemberEntity {
  @PrimaryColumn({ name: 'folder_id', type: 'uuid', primaryKeyConstraintName: 'PK_folder_members' })
  folderId!: string;

  @PrimaryColumn({ name: 'member_user_id', type: 'uuid', primaryKeyConstraintName: 'PK_folder_members' })
  memberUserId!: string;

  /** Usernames never change, so they are kept here rather than asked of auth on every read. */
  @Column({ name: 'member_username', type: 'varchar', length: 100 })
  memberUsername!: string;

  @Column({ name: 'owner_username', type: 'varchar', length: 100 })
  ownerUsername!: string;

  @CreateDateColumn({ name: 'added_at', type: 'timestamptz' })
  addedAt!: Date;

  @ManyToOne(() => FolderEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'folder_id', foreignKeyConstraintName: 'FK_folder_members_folder_id' })
  folder?: FolderEntity;
}
