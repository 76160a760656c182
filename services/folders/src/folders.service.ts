import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Injectable } from '@nestjs/common';
import { EventPublisher, RpcFailure } from '@reelsmith/kit';
import { foldersV1 } from '@reelsmith/proto';
import type { FolderEntity } from './entities/folder.entity';
import { checkFolder, type FolderColor, type FolderInput, isNoOpUpdate } from './folder-rules';
import { FoldersRepository } from './folders.repository';

const NOT_FOUND = 'Folder not found';

@Injectable()
export class FoldersService {
  constructor(
    private readonly folders: FoldersRepository,
    private readonly events: EventPublisher,
  ) {}

  async list(userId: string): Promise<foldersV1.FolderList> {
    const folders = await this.folders.listOwned(userId);
    return create(foldersV1.FolderListSchema, { folders: folders.map(toFolderMessage) });
  }

  async get(userId: string, folderId: string): Promise<foldersV1.Folder> {
    return toFolderMessage(await this.owned(userId, folderId));
  }

  async create(userId: string, input: FolderInput): Promise<foldersV1.Folder> {
    const fields = checked(input);
    return toFolderMessage(await this.folders.create(userId, fields));
  }

  async update(userId: string, folderId: string, input: FolderInput): Promise<foldersV1.Folder> {
    const folder = await this.owned(userId, folderId);
    if (isNoOpUpdate(input)) return toFolderMessage(folder);
    const fields = checked(input, folder.color as FolderColor);
    const updated = await this.folders.updateOwned(folder.id, userId, fields);
    if (!updated) throw RpcFailure.notFound(NOT_FOUND);
    return toFolderMessage(updated);
  }

  async delete(userId: string, folderId: string): Promise<foldersV1.FoldersDeleteResponse> {
    // Published before the deletion commits: if it cannot be published the folder stays, so its
    // videos never point at a folder nobody will tell media about.
    const deleted = await this.folders.deleteOwned(folderId, userId, async () => {
      await this.events.publish(foldersV1.FolderDeletedSchema, { folderId, userId });
    });
    if (!deleted) throw RpcFailure.notFound(NOT_FOUND);
    return create(foldersV1.FoldersDeleteResponseSchema, { folderId });
  }

  private async owned(userId: string, folderId: string): Promise<FolderEntity> {
    const folder = await this.folders.findOwned(folderId, userId);
    if (!folder) throw RpcFailure.notFound(NOT_FOUND);
    return folder;
  }
}

function checked(input: FolderInput, fallbackColor?: FolderColor) {
  const result = checkFolder(input, fallbackColor);
  if (!result.ok) throw RpcFailure.invalid(result.violations[0].message, result.violations);
  return result.fields;
}

export function toFolderMessage(folder: FolderEntity): foldersV1.Folder {
  return create(foldersV1.FolderSchema, {
    id: folder.id,
    name: folder.name,
    description: folder.description ?? '',
    color: folder.color,
    createdAt: timestampFromDate(folder.createdAt),
    updatedAt: timestampFromDate(folder.updatedAt),
  });
}
