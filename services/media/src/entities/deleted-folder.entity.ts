import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A folder the folders service deleted (from evt.folders.folder.deleted). A move into it that raced
 * the deletion is refused instead of leaving a video in a folder that no longer exists.
 */
@Entity({ name: 'deleted_folders' })
export class DeletedFolderEntity {
  @PrimaryColumn({ name: 'folder_id', type: 'uuid', primaryKeyConstraintName: 'PK_deleted_folders' })
  folderId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_deleted_folders' })
  userId!: string;

  @CreateDateColumn({ name: 'deleted_at', type: 'timestamptz' })
  deletedAt!: Date;
}
