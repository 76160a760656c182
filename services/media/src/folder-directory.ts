import { Injectable } from '@nestjs/common';
import { ErrorCode, RpcClient, RpcFailure } from '@reelsmith/kit';
import { foldersV1 } from '@reelsmith/proto';

/** How a user reaches a folder: as its owner, or as a member of a team folder. */
export interface FolderReach {
  member: boolean;
  /** The folder's owner, whose videos are inside. */
  ownerUserId: string;
}

/** Whether a folder exists for a user; the folders service owns folders, media only asks. */
export abstract class FolderDirectory {
  /** True when `folderId` is a folder of `userId`; throws UNAVAILABLE when the folders service does not answer. */
  abstract exists(userId: string, folderId: string): Promise<boolean>;
  /** How `userId` reaches the folder, or null when it is neither theirs nor shared with them. */
  abstract reach(userId: string, folderId: string): Promise<FolderReach | null>;
}

/** Asks the folders service over NATS (folders.folders.get). */
@Injectable()
export class RpcFolderDirectory extends FolderDirectory {
  constructor(private readonly rpc: RpcClient) {
    super();
  }

  async exists(userId: string, folderId: string): Promise<boolean> {
    try {
      await this.rpc.call(foldersV1.FoldersService.method.foldersGet, { userId, folderId });
      return true;
    } catch (err) {
      if (err instanceof RpcFailure && err.code === ErrorCode.NOT_FOUND) return false;
      throw err;
    }
  }

  async reach(userId: string, folderId: string): Promise<FolderReach | null> {
    try {
      const access = await this.rpc.call(foldersV1.FoldersService.method.folderAccessGet, { userId, folderId });
      return { member: access.role === foldersV1.FolderRole.MEMBER, ownerUserId: access.ownerUserId };
    } catch (err) {
      if (err instanceof RpcFailure && err.code === ErrorCode.NOT_FOUND) return null;
      throw err;
    }
  }
}
