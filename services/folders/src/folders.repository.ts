import { Injectable } from '@nestjs/common';
import { isUuid } from '@reelsmith/kit';
import { DataSource, type Repository } from 'typeorm';
import { FolderEntity } from './entities/folder.entity';
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
}

@Injectable()
export class TypeOrmFoldersRepository extends FoldersRepository {
  private readonly folders: Repository<FolderEntity>;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.folders = dataSource.getRepository(FolderEntity);
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
}
