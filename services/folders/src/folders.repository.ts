import { Injectable } from '@nestjs/common';
import { isUuid } from '@reelsmith/kit';
import { DataSource, type Repository } from 'typeorm';
import { FolderEntity } from './entities/folder.entity';
import { FolderMemberEntity } from './entities/folder-member.entity';
import type { FolderFields } from './folder-rules';

/** Where folders are stored; every call is scoped to the owner. */
export abstract class FoldersRepository {
  abstract listOwned(userId: string): Promise<FolderEntity[]>;
  abstract findOwned(id: string, userId: string): Promise<FolderEntity | null>;
  abstract create(userId: string, fields: FolderFields): Promise<FolderEntity>;
  /** The updated folder, or null when the caller owns no such folder. */
  abstract updateOwned(id: string, userId: string, fields: FolderFields): Promise<FolderEntity | null>;
  /**
   * Deletes the caller's folder; `beforeCommit` runs inside the transaction (to publish the
   * deletion), so a failure there keeps the folder. False when the caller owns no such folder.
   */
  abstract deleteOwned(id: string, userId: string, beforeCommit: () => Promise<void>): Promise<boolean>;

  /** The folder with this id, whoever owns it (access is decided by the caller). */
  abstract findById(id: string): Promise<FolderEntity | null>;
  abstract findMember(folderId: string, memberUserId: string): Promise<FolderMemberEntity | null>;
  /** Oldest first. */
  abstract listMembers(folderId: string): Promise<FolderMemberEntity[]>;
  /** The memberships of a user, with their folders, oldest first. */
  abstract listMemberships(memberUserId: string): Promise<(FolderMemberEntity & { folder: FolderEntity })[]>;
  /** Adds the member unless they are one already, keeping the folder at most `limit` members. */
  abstract addMember(member: Omit<FolderMemberEntity, 'addedAt' | 'folder'>, limit: number): Promise<'added' | 'already' | 'full'>;
  abstract removeMember(folderId: string, memberUserId: string): Promise<void>;
}

@Injectable()
export class TypeOrmFoldersRepository extends FoldersRepository {
  private readonly folders: Repository<FolderEntity>;

  private readonly members: Repository<FolderMemberEntity>;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.folders = dataSource.getRepository(FolderEntity);
    this.members = dataSource.getRepository(FolderMemberEntity);
  }

  listOwned(userId: string) {
    return isUuid(userId) ? this.folders.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } }) : Promise.resolve([]);
  }

  findOwned(id: string, userId: string) {
    // A malformed id can never match; asking PostgreSQL would only raise a cast error.
    return isUuid(id) && isUuid(userId) ? this.folders.findOneBy({ id, userId }) : Promise.resolve(null);
  }

  create(userId: string, fields: FolderFields) {
    return this.folders.save(this.folders.create({ userId, ...fields }));
  }

  async updateOwned(id: string, userId: string, fields: FolderFields) {
    if (!isUuid(id) || !isUuid(userId)) return null;
    const result = await this.folders.update({ id, userId }, fields);
    return result.affected === 1 ? this.folders.findOneBy({ id, userId }) : null;
  }

  async deleteOwned(id: string, userId: string, beforeCommit: () => Promise<void>) {
    if (!isUuid(id) || !isUuid(userId)) return false;
    return this.dataSource.transaction(async (tx) => {
      const result = await tx.getRepository(FolderEntity).delete({ id, userId });
      if (result.affected !== 1) return false;
      await beforeCommit();
      return true;
    });
  }

  findById(id: string) {
    return isUuid(id) ? this.folders.findOneBy({ id }) : Promise.resolve(null);
  }

  findMember(folderId: string, memberUserId: string) {
    return isUuid(folderId) && isUuid(memberUserId) ? this.members.findOneBy({ folderId, memberUserId }) : Promise.resolve(null);
  }

  listMembers(folderId: string) {
    return this.members.find({ where: { folderId }, order: { addedAt: 'ASC', memberUsername: 'ASC' } });
  }

  async listMemberships(memberUserId: string) {
    if (!isUuid(memberUserId)) return [];
    const rows = await this.members.find({ where: { memberUserId }, relations: { folder: true }, order: { addedAt: 'ASC', folderId: 'ASC' } });
    return rows.filter((row): row is FolderMemberEntity & { folder: FolderEntity } => !!row.folder);
  }

  addMember(member: Omit<FolderMemberEntity, 'addedAt' | 'folder'>, limit: number) {
    return this.dataSource.transaction(async (tx) => {
      // The folder row's lock serialises two adds racing for the last seat.
      await tx.getRepository(FolderEntity).createQueryBuilder('f').setLock('pessimistic_write').where('f.id = :id', { id: member.folderId }).getOne();
      const members = tx.getRepository(FolderMemberEntity);
      if (await members.existsBy({ folderId: member.folderId, memberUserId: member.memberUserId })) return 'already' as const;
      if ((await members.countBy({ folderId: member.folderId })) >= limit) return 'full' as const;
      await members.insert(member);
      return 'added' as const;
    });
  }

  async removeMember(folderId: string, memberUserId: string) {
    await this.members.delete({ folderId, memberUserId });
  }
}
